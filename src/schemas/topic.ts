import { z } from 'zod';

/** An approved message topic (spec: Topic). */
export const TopicSchema = z.looseObject({
  /** Name of an approved topic; send it as the message topic. */
  topicName: z.string().describe('Name of an approved topic; send it as the message topic.'),
});

/** An approved message topic. */
export interface Topic extends z.infer<typeof TopicSchema> {}

/** Response of GET /api/v1/topics: a JSON array at the root. */
export const TopicListSchema = z.array(TopicSchema);
