/** Finding browser processes from tests (Linux /proc), to check launches and leftovers. */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

function commandLine(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return null;
  }
}

/** PIDs of this process's children whose command line is the browser binary. */
export function browserPids(path: string): number[] {
  let out = '';
  try {
    out = execFileSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' });
  } catch {
    return [];
  }
  return out
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .filter((pid) => commandLine(pid)?.startsWith(path));
}

/** The arguments of a running process, as it was started. */
export function argumentsOf(pid: number): string[] {
  return (commandLine(pid) ?? '').split('\0').filter(Boolean);
}

/** PIDs of every live process whose command line contains `text` (say, a temporary dir). */
export function pidsMentioning(text: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => pid !== process.pid && (commandLine(pid)?.includes(text) ?? false));
}
