// Who holds the embedded ledger, in terms that survive containers: a process
// id means nothing without its PID namespace (every container's main process
// is PID 1) and its start time (ids are reused), and a host name means
// nothing on a shared volume (a rescheduled pod gets a new one, two pods on
// one node share a kernel). The kernel's boot id is what says whether this
// process can check the holder at all. See decision D-TRACKER-23.
import { readFile, readlink } from 'node:fs/promises';
import { hostname, platform } from 'node:os';

/** What a lock record says about the process that wrote it. Internal. */
export interface ProcessIdentity {
  /** Its process id, as seen in its own PID namespace. */
  pid: number;
  /** Its host name (for people: it proves nothing). */
  host: string;
  /**
   * The kernel it runs on: `boot:<boot id>` on Linux (shared by every
   * container on the node, new at each boot), `host:<name>` elsewhere.
   */
  kernel: string;
  /** Its PID namespace (`pid:[inode]`), on Linux; null elsewhere. */
  pidNamespace: string | null;
  /** Its start time in clock ticks since boot (field 22 of /proc/<pid>/stat), on Linux; null elsewhere. */
  startTime: string | null;
}

/** This process's identity. */
export async function ownIdentity(): Promise<ProcessIdentity> {
  const bootId = await readFile('/proc/sys/kernel/random/boot_id', 'utf8').then(
    (text) => text.trim(),
    () => '',
  );
  return {
    pid: process.pid,
    host: hostname(),
    kernel: bootId !== '' ? `boot:${bootId}` : `host:${hostname()}`,
    pidNamespace: platform() === 'linux' ? await readlink('/proc/self/ns/pid').catch(() => null) : null,
    startTime: await startTimeOf('self'),
  };
}

/** A process's start time from /proc (Linux); null where it cannot be read. */
async function startTimeOf(pid: number | 'self'): Promise<string | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** What a check of the holder found: alive, dead, or no way to tell from here. */
export type Liveness = 'alive' | 'dead' | 'unknown';

/**
 * Whether the process a record names still runs, by its process id: only
 * from its own PID namespace on the same kernel, where the id and its start
 * time together name one process (a reused id has another start time).
 * Elsewhere (another namespace: the id there is not ours to look up; another
 * host) the answer is 'unknown'.
 */
export async function probeProcess(holder: ProcessIdentity, me: ProcessIdentity): Promise<Liveness> {
  if (holder.kernel !== me.kernel) return 'unknown';
  if (holder.pidNamespace !== me.pidNamespace) return 'unknown';
  if (holder.pidNamespace !== null) {
    const started = await startTimeOf(holder.pid);
    if (started !== null) return started === holder.startTime ? 'alive' : 'dead';
  }
  try {
    process.kill(holder.pid, 0);
    // Running, but without a start time to compare (not Linux, or /proc hidden): it may be a reused id.
    return 'unknown';
  } catch (error) {
    return (error as { code?: unknown }).code === 'ESRCH' ? 'dead' : 'unknown';
  }
}
