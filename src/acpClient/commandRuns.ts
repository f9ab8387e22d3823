// The agent's `terminal/*`: each terminal is a real child process spawned WITHOUT a shell (an agent that wants one
// runs it: `bash -c …`), its output kept within the agent's byte limit (cut from the start, on a character boundary),
// and shown to the user through a `TerminalDisplay` (the editor side opens a VS Code terminal for it).
import { spawn, type ChildProcess } from 'node:child_process';
import type {
  CreateTerminalRequest,
  CreateTerminalResponse,
  KillTerminalRequest,
  ReleaseTerminalRequest,
  TerminalExitStatus,
  TerminalOutputRequest,
  TerminalOutputResponse,
  WaitForTerminalExitRequest,
  WaitForTerminalExitResponse,
} from '@agentclientprotocol/sdk';
import * as nodePath from 'node:path';
import { ServiceError } from './clientServices';
import { findProgram } from './findProgram';
import type { Logger } from './logger';
import { BEL, C0, CSI, DEL_C1, ESC, codePointClass } from './controlChars';

export interface TerminalService {
  /** `watch` gets the output as it comes and the exit (the session shows it in the tool call embedding the terminal). */
  create(params: CreateTerminalRequest, watch?: TerminalWatcher): Promise<CreateTerminalResponse>;
  output(params: TerminalOutputRequest): Promise<TerminalOutputResponse>;
  waitForExit(params: WaitForTerminalExitRequest): Promise<WaitForTerminalExitResponse>;
  kill(params: KillTerminalRequest): Promise<Record<string, never>>;
  release(params: ReleaseTerminalRequest): Promise<Record<string, never>>;
}

/** Follows a run's output for the client's own view of it (not the agent's byte limit: the view has its cap). */
export interface TerminalWatcher {
  output(terminalId: string, text: string): void;
  exited(terminalId: string, status: TerminalExitStatus): void;
}

/** Where a run is shown to the user; `write` gets the output as it comes, `exited` once. */
export interface TerminalDisplay {
  write(text: string): void;
  exited(status: TerminalExitStatus): void;
  /** The agent released the terminal: the display may stay for the user, but gets nothing more. */
  release(): void;
}

export interface CommandRunsOptions {
  logger: Logger;
  /** Where a run of `sessionId` starts when the agent gives no `cwd` (the session's own folder). */
  defaultCwd(sessionId: string): string;
  /** Checks (and resolves) an agent-given cwd against the session's folders; throws ServiceError when refused. */
  checkCwd(cwd: string, sessionId: string): Promise<string>;
  /** Opens the user-visible terminal of a run. */
  display(title: string, kill: () => void): TerminalDisplay;
  /** Default and cap of the output kept per terminal when the agent sets no limit. */
  maxOutputBytes?: number;
}

const DEFAULT_MAX_OUTPUT = 1024 * 1024;

/** The last `limit` bytes of `text`, cut on a character boundary. */
export function keepTail(text: string, limit: number): { text: string; truncated: boolean } {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= limit) return { text, truncated: false };
  let start = bytes.length - limit;
  while (start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start++; // skip UTF-8 continuation bytes
  return { text: bytes.subarray(start).toString('utf8'), truncated: true };
}

/**
 * The program a run starts, as an absolute path: a bare name is looked up on the run's PATH (absolute entries only;
 * left to the OS, Windows would search the working folder first), a relative path is taken from the run's folder.
 */
export function resolveProgram(command: string, cwd: string, env: NodeJS.ProcessEnv): string {
  if (nodePath.isAbsolute(command)) return command;
  if (/[\\/]/u.test(command)) return nodePath.resolve(cwd, command);
  const pathKey = Object.keys(env).find((k) => k.toUpperCase() === 'PATH');
  const found = findProgram(command, pathKey ? env[pathKey] : undefined, []);
  if (!found) throw new ServiceError('not-found', `The program ${command} was not found on PATH.`);
  return found;
}

class CommandRun {
  private output = '';
  private truncated = false;
  private status: TerminalExitStatus | undefined;
  private readonly exitedPromise: Promise<TerminalExitStatus>;
  private released = false;

  constructor(
    readonly child: ChildProcess,
    private readonly limit: number,
    private readonly display: TerminalDisplay,
    private readonly watch: ((text: string) => void) | undefined,
    private readonly watchExit: ((status: TerminalExitStatus) => void) | undefined,
  ) {
    const decoder = new TextDecoder('utf-8');
    const onData = (chunk: Buffer) => {
      const text = decoder.decode(chunk, { stream: true });
      this.append(text);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    this.exitedPromise = new Promise((resolve) => {
      child.on('error', (err) => {
        this.append(`${err.message}\n`);
        this.finish({ exitCode: null, signal: null }, resolve);
      });
      child.on('close', (code, signal) => this.finish({ exitCode: code, signal }, resolve));
    });
  }

  get exitStatus(): TerminalExitStatus | undefined {
    return this.status;
  }

  snapshot(): TerminalOutputResponse {
    return { output: this.output, truncated: this.truncated, exitStatus: this.status ?? null };
  }

  exited(): Promise<TerminalExitStatus> {
    return this.exitedPromise;
  }

  kill(): void {
    if (!this.status) this.child.kill('SIGTERM');
  }

  release(): void {
    this.released = true;
    this.kill();
    this.display.release();
  }

  private append(text: string): void {
    const kept = keepTail(this.output + text, this.limit);
    this.output = kept.text;
    this.truncated ||= kept.truncated;
    if (this.released) return;
    this.display.write(text);
    this.watch?.(text);
  }

  private finish(status: TerminalExitStatus, resolve: (s: TerminalExitStatus) => void): void {
    if (this.status) return;
    this.status = status;
    if (!this.released) {
      this.display.exited(status);
      this.watchExit?.(status);
    }
    resolve(status);
  }
}

export class CommandRuns implements TerminalService {
  private readonly runs = new Map<string, CommandRun>();
  private counter = 0;

  constructor(private readonly opts: CommandRunsOptions) {}

  async create(params: CreateTerminalRequest, watch?: TerminalWatcher): Promise<CreateTerminalResponse> {
    if (typeof params.command !== 'string' || !params.command) throw new ServiceError('invalid-params', 'The command is empty.');
    const cwd = params.cwd ? await this.opts.checkCwd(params.cwd, params.sessionId) : this.opts.defaultCwd(params.sessionId);
    const max = this.opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
    const limit = params.outputByteLimit != null && params.outputByteLimit >= 0 ? Math.min(params.outputByteLimit, max) : max;
    const env = { ...process.env };
    for (const v of params.env ?? []) env[v.name] = v.value;
    const args = params.args ?? [];
    const program = resolveProgram(params.command, cwd, env);
    const child = spawn(program, args, { cwd, env, shell: false, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const terminalId = `term-${++this.counter}`;
    const shown = printable([params.command, ...args].join(' '));
    const title = shown.slice(0, 80);
    const display = this.opts.display(title, () => this.runs.get(terminalId)?.kill());
    display.write(`$ ${shown}\r\n`);
    const onOutput = watch && ((text: string) => watch.output(terminalId, text));
    const onExit = watch && ((status: TerminalExitStatus) => watch.exited(terminalId, status));
    this.runs.set(terminalId, new CommandRun(child, limit, display, onOutput, onExit));
    this.opts.logger.info(`[terminal] ${terminalId}: ${title} (in ${cwd})`);
    return { terminalId };
  }

  async output(params: TerminalOutputRequest): Promise<TerminalOutputResponse> {
    return this.get(params.terminalId).snapshot();
  }

  async waitForExit(params: WaitForTerminalExitRequest): Promise<WaitForTerminalExitResponse> {
    const status = await this.get(params.terminalId).exited();
    return { exitCode: status.exitCode ?? null, signal: status.signal ?? null };
  }

  async kill(params: KillTerminalRequest): Promise<Record<string, never>> {
    this.get(params.terminalId).kill();
    return {};
  }

  async release(params: ReleaseTerminalRequest): Promise<Record<string, never>> {
    this.get(params.terminalId).release();
    this.runs.delete(params.terminalId);
    return {};
  }

  /** Kills every run (the agent went away or the extension is closing). */
  dispose(): void {
    for (const run of this.runs.values()) run.kill();
    this.runs.clear();
  }

  private get(id: string): CommandRun {
    const run = this.runs.get(id);
    if (!run) throw new ServiceError('not-found', `No terminal ${id} (it was released or never created).`);
    return run;
  }
}

/**
 * The agent's command as a line a terminal shows: escape sequences (which could retitle the terminal, clear it or
 * forge output) and other control characters removed, tabs as spaces. The command itself runs as given.
 */
export function printable(text: string): string {
  return text.replace(OSC, '').replace(CSI_SEQUENCE, '').replace(ESCAPE, '').replace(/\t/g, ' ').replace(CONTROLS, '');
}

/** OSC … BEL / ST (a terminal title, a hyperlink). */
const OSC = new RegExp(`${ESC}\\][^${BEL}${ESC}]*(?:${BEL}|${ESC}\\\\)?`, 'gu');
/** CSI … final byte (cursor moves, clearing the screen). */
const CSI_SEQUENCE = new RegExp(`(?:${ESC}\\[|${CSI})[0-?]*[ -/]*[@-~]`, 'gu');
/** Any other escape, with its one following byte. */
const ESCAPE = new RegExp(`${ESC}[@-_]?`, 'gu');
const CONTROLS = new RegExp(codePointClass(C0, DEL_C1), 'gu');
