/**
 * What a command line reads and writes. Each command is a function of its arguments and this, so
 * that its entry file (what `npm run …` starts) only hands it the process's own and exits with its
 * code, and the tests can run most cases in-process (a tsx start costs seconds) and keep one real
 * start as the end-to-end proof.
 */
export interface CommandIo {
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export const processIo = (): CommandIo => ({ env: process.env, stdout: process.stdout, stderr: process.stderr });
