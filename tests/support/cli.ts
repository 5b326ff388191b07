/**
 * The command lines of upstream/cli, run as the tests need them: in-process (`runInProcess`, the
 * command's function with its own environment and collected output, milliseconds) for most cases,
 * and as a real process (`runSpawned`, `node --import tsx`, about a second on a quiet 2-core
 * machine and several under load) where a file proves the command end to end.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { CommandIo } from '../../upstream/cli/command-io';

export const repoRoot = path.resolve(__dirname, '..', '..');

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const collector = (append: (text: string) => void) =>
  new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      append(chunk.toString());
      callback();
    },
  });

/** runs a command's function in this process, with `env` over this process's environment */
export async function runInProcess(
  command: (args: string[], io: CommandIo) => Promise<number>,
  args: string[],
  env: Record<string, string> = {},
): Promise<CommandRun> {
  let stdout = '';
  let stderr = '';
  const code = await command(args, {
    env: { ...process.env, ...env },
    stdout: collector((text) => (stdout += text)),
    stderr: collector((text) => (stderr += text)),
  });
  return { code, stdout, stderr };
}

/** starts `node --import tsx <script> ...args` from the repository's root and waits for it to end */
export function runSpawned(script: string, args: string[], env: Record<string, string> = {}): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, script), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
