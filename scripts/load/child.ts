import { type ChildProcess, spawn } from 'node:child_process';

/** A script of this repository in a process of its own (tsx), resolved once it prints that it is ready. */
export async function child(args: string[], env: Record<string, string>): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    proc.stdout?.on('data', (d: Buffer) => /ready|running at/.test(d.toString()) && resolve());
    proc.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
  });
  return proc;
}

/** Ends a child and waits for it to be gone. */
export async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const gone = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill();
  await gone;
}
