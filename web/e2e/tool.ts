// A Go tool pinned in tools/go.mod (Mailpit, stripe-mock) for browser tests: built by `go tool`
// (then from Go's build cache), started on the ports the caller chose (./ports) and waited for
// until it answers; internal/platform/tooltest does the same for the Go tests.
import { execFile, spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { REPO } from './stack';

const run = promisify(execFile);

export type Tool = {
  /** The tool's command name in tools/go.mod's tool block ('mailpit'). */
  name: string;
  args: string[];
  stdio: StdioOptions;
  /** Resolves true once the tool answers; asked every 100 ms. */
  ready: () => Promise<boolean>;
  timeoutMs: number;
};

/** Starts tool and resolves once it is ready, with a function that stops it. */
export async function startTool(tool: Tool): Promise<{ stop: () => Promise<void> }> {
  const { stdout } = await run('go', ['tool', `-modfile=${resolve(REPO, 'tools/go.mod')}`, '-n', tool.name], { cwd: REPO });
  const child: ChildProcess = spawn(stdout.trim(), tool.args, { stdio: tool.stdio });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  };
  const deadline = Date.now() + tool.timeoutMs;
  for (;;) {
    try {
      if (await tool.ready()) return { stop };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${tool.name} exited before it answered; its output is above`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${tool.name} did not start within ${tool.timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
