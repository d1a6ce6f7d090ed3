// What each attention reason means for the staff who work the list, what to
// do about it on each route, and whether sending the message again is
// offered. A table keyed by the reason: a new reason does not compile until
// it has its words here.
import type { AttentionReason, TrackedRoute } from '../tracker/index.js';

/** What staff read about one reason. */
export interface ReasonGuide {
  /** What happened, in plain words. */
  meaning: string;
  /** What to do, in order. */
  todo: readonly string[];
  /** What to do differently on a route, where it differs (added after `todo`). */
  byRoute?: Partial<Record<TrackedRoute, readonly string[]>>;
  /** Whether "Send again" is offered (when the app can resend). */
  resend: boolean;
}

/** Every attention reason, for staff. */
export const REASON_GUIDES: Readonly<Record<AttentionReason, ReasonGuide>> = {
  rejected: {
    meaning: "The practice refused the document. It is not in the patient's record.",
    todo: [
      'Phone the practice to find out why, before anything else: a patient not registered there, the wrong practice, or a document they cannot take each need something different.',
      'Do not send it again unchanged: it would be refused again, or reach the wrong place twice.',
      'Write down what you agreed with the practice in the note, then acknowledge.',
    ],
    byRoute: {
      gpconnect: ['On the GP route the refusal came from the message exchange (MESH) or the practice system: the status below says which.'],
    },
    resend: false,
  },
  expired: {
    meaning: 'The document waited past its expiry without the practice taking it, so it never reached the record.',
    todo: [
      'Send it again with a later expiry, then check the next working day that the practice took it.',
      "If this practice's documents often expire, phone them: their inbox may not be being worked.",
    ],
    byRoute: { instant: ['An instant message that expired was never imported: it is sent again as a standard message.'] },
    resend: true,
  },
  failed: {
    meaning: "The practice took the document but it could not be imported into the patient's record, and it has stayed that way.",
    todo: [
      'Phone the practice: they may import it by hand, or tell you what is wrong with it.',
      'Do not send it again unless they ask you to: they may already hold it.',
    ],
    resend: false,
  },
  'instant-fell-back': {
    meaning: "The instant message was not imported automatically (the clinician's toolbar failed or did not run in time). It now waits in the practice's inbox as a standard message.",
    todo: [
      'Nothing is lost: it waits for the practice to import it by hand, and the tracker keeps following it.',
      'If it is urgent, phone the practice to say it is there.',
    ],
    resend: false,
  },
  'removed-after-expiry': {
    meaning: 'The service removed the message after its expiry before a final status was seen: whether the practice took it is not known.',
    todo: ['Phone the practice to ask whether they received it.', 'If they did not, send it again with a later expiry.'],
    resend: true,
  },
  unresolved: {
    meaning: 'The tracker followed the message for its whole follow-up period without a final status: it may still be waiting in the practice\'s inbox.',
    todo: [
      'Phone the practice to ask whether they have it, and when they will take it.',
      'Do not send it again before you know: the patient\'s record could get it twice.',
    ],
    resend: false,
  },
  'send-failed': {
    meaning: 'The service refused the send for good (the message was invalid, or the sending system is not allowed to send it). It never reached the practice.',
    todo: [
      'Tell whoever runs the sending system: the detail below says what the service objected to.',
      'Once it is put right, send it again.',
    ],
    resend: true,
  },
  'content-rejected': {
    meaning: "The service's virus scan refused an attachment. The message was not delivered.",
    todo: [
      'Never send the same file again: the sending system refuses it before it leaves only while it remembers the verdict (across restarts only if it keeps verdicts on disk).',
      'Get a clean copy of the document from where it was made, and send that (Send again asks the sending system for the document afresh).',
      'Tell whoever looks after the sending system: a virus may have reached it.',
    ],
    resend: true,
  },
  'no-infrastructure-ack': {
    meaning: "The GP route handed the document to the message exchange (MESH), but the practice's system never confirmed it arrived.",
    todo: [
      'Phone the practice to ask whether they have it: their system may be down, or the patient may not be registered there.',
      'Do not send it again before you know: it may still arrive, and the record could get it twice.',
    ],
    resend: false,
  },
  'no-business-ack': {
    meaning: "The practice's system confirmed the document arrived, but not that it was filed in the patient's record.",
    todo: [
      "Phone the practice to ask whether it is in the patient's record: it may be waiting for someone to file it.",
      'Do not send it again: they have it.',
    ],
    resend: false,
  },
  'replacement-rejected': {
    meaning:
      "The practice could not process a new version of a GP-route document and has marked both the new version and the version it replaces as void: neither can be relied on in the patient's record.",
    todo: [
      'Phone the practice at once: agree with them which version of the document stands, and how it gets into the record.',
      'The detail below names both messages; open the earlier one from the link on this page.',
      'Do not send another version before you have agreed it with them: it may be refused the same way.',
    ],
    resend: false,
  },
  'delivery-unknown': {
    meaning: 'A send may have reached the service, but the tracker can neither confirm it nor send it again (its expiry passed, or the service refused the resend).',
    todo: [
      'Phone the practice to ask whether it arrived, before sending the document again: it may be in the record already.',
      'The tracker keeps asking the service, and takes it off this list if it finds the message.',
    ],
    resend: false,
  },
  'nearing-expiry': {
    meaning: 'The document has not reached the service yet (its sends keep failing, or one may have arrived but cannot be confirmed), and its expiry is close.',
    todo: [
      'The tracker keeps trying on its own and takes it off this list if it gets through: do not send it again yourself.',
      'If the practice needs it before the expiry, reach them another way (phone, or the route your service uses when this one is down) and note what you did.',
    ],
    resend: false,
  },
};

/** What to do about a reason on a route: the steps, then the route's own. */
export function stepsFor(reason: AttentionReason, route: TrackedRoute): readonly string[] {
  const guide = REASON_GUIDES[reason];
  return [...guide.todo, ...(guide.byRoute?.[route] ?? [])];
}
