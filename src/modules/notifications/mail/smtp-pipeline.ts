import net from 'node:net';
import os from 'node:os';
import tls from 'node:tls';

/** An SMTP server's refusal: `responseCode` is what isPermanentMailFailure reads (5xx: for good). */
export class SmtpReplyError extends Error {
  constructor(
    readonly responseCode: number,
    readonly response: string,
    command: string,
  ) {
    super(`${command}: ${response}`);
  }
}

interface Reply {
  code: number;
  text: string;
}

/** One piece of a message's DATA: a string is written as latin1 (the message is 7-bit or QP). */
export type DataPiece = string | Buffer;

const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

interface Endpoint {
  host: string;
  port: number;
  /** smtps: TLS from the first byte; smtp: STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  pass?: string;
}

function endpointOf(smtpUrl: string): Endpoint {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user: url.username ? decodeURIComponent(url.username) : undefined,
    pass: url.password ? decodeURIComponent(url.password) : undefined,
  };
}

/** A copy waiting for, or on, a connection. */
interface Delivery {
  envelope: { from: string; to: string };
  data: readonly DataPiece[];
  resolve: () => void;
  reject: (error: Error) => void;
  /** Handed back once already by a connection that broke before its body was written. */
  handedBack: boolean;
}

/** The command that refused a transaction's envelope, if one did. */
function refusalOf(replies: readonly Reply[]): { reply: Reply; command: string } | null {
  const [mail, rcpt, data] = replies;
  if (mail!.code !== 250) return { reply: mail!, command: 'MAIL FROM' };
  if (rcpt && rcpt.code !== 250 && rcpt.code !== 251) return { reply: rcpt, command: 'RCPT TO' };
  if (data && data.code !== 354) return { reply: data, command: 'DATA' };
  return null;
}

/**
 * One SMTP connection sending the copies it takes from its pool, one transaction at a time. With
 * PIPELINING (RFC 2920) a transaction costs one write and one round trip: MAIL FROM, RCPT TO and DATA
 * go out together, and each body (the pieces given, already dot-stuffed and ending in CRLF, written
 * without copying) goes out in the same write as its end-of-data line and the next copy's MAIL FROM,
 * RCPT TO and DATA.
 */
class SmtpSession {
  private buffered = '';
  private lines: string[] = [];
  private readonly waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void }[] =
    [];
  private failure: Error | null = null;
  private pipelining = false;

  private constructor(private socket: net.Socket) {
    this.listen(socket);
  }

  static async open(endpoint: Endpoint): Promise<SmtpSession> {
    const socket = await connect(endpoint);
    const session = new SmtpSession(socket);
    try {
      await session.expect(await session.reply(), [220], 'greeting');
      let capabilities = await session.hello();
      if (!endpoint.secure && capabilities.has('STARTTLS')) {
        await session.command('STARTTLS', [220]);
        await session.upgrade(endpoint.host);
        capabilities = await session.hello();
      }
      if (endpoint.user !== undefined) await session.authenticate(endpoint, capabilities);
      session.pipelining = capabilities.has('PIPELINING');
      return session;
    } catch (error) {
      session.close();
      throw error;
    }
  }

  get usable(): boolean {
    return this.failure === null && !this.socket.destroyed;
  }

  /**
   * Sends what `take` gives until it gives nothing. A copy whose envelope was refused, or whose body
   * the server refused, is rejected with the server's answer and the connection goes on. A broken
   * connection throws: the copy whose body was written is rejected (the server may have taken it), one
   * whose body was not is handed back (nothing of it was delivered).
   */
  async serve(
    take: () => Delivery | undefined,
    handBack: (delivery: Delivery, error: Error) => void,
  ): Promise<void> {
    let current = take();
    /** The replies to `current`'s envelope, when it went out with the body before it. */
    let envelope: Promise<Reply[]> | null = null;
    while (current) {
      let refused: ReturnType<typeof refusalOf>;
      let replies: Reply[];
      try {
        replies = await (envelope ?? this.sendEnvelope(current.envelope));
        refused = refusalOf(replies);
        if (refused) {
          // The server took no message: the transaction is reset for the next one.
          if (replies[2]?.code === 354) {
            await this.command('.', [250, 554, 550]).catch(() => undefined);
          }
          await this.command('RSET', [250]);
        }
      } catch (error) {
        handBack(current, error as Error);
        throw error;
      }
      if (refused) {
        current.reject(new SmtpReplyError(refused.reply.code, refused.reply.text, refused.command));
        envelope = null;
        current = take();
        continue;
      }
      const following = this.pipelining ? take() : undefined;
      const done = this.reply();
      this.socket.cork();
      for (const piece of current.data) {
        if (typeof piece === 'string') this.socket.write(piece, 'latin1');
        else this.socket.write(piece);
      }
      this.socket.write('.\r\n');
      envelope = following ? this.sendEnvelope(following.envelope) : null;
      this.socket.uncork();
      // Read even if the connection breaks first (handled below through `done`).
      envelope?.catch(() => undefined);
      try {
        this.expect(await done, [250], 'end of data');
        current.resolve();
      } catch (error) {
        current.reject(error as Error);
        if (!this.usable) {
          if (following) handBack(following, error as Error);
          throw error;
        }
      }
      current = following ?? take();
    }
  }

  /**
   * Writes a transaction's MAIL FROM, RCPT TO and DATA: at once with PIPELINING (the caller may have
   * corked the socket to join them to a body), else one by one, up to the first refused.
   */
  private sendEnvelope(envelope: { from: string; to: string }): Promise<Reply[]> {
    const commands = [`MAIL FROM:<${envelope.from}>`, `RCPT TO:<${envelope.to}>`, 'DATA'];
    if (this.pipelining) {
      const pending = commands.map(() => this.reply());
      this.socket.write(`${commands.join('\r\n')}\r\n`, 'latin1');
      return Promise.all(pending);
    }
    return (async () => {
      const replies: Reply[] = [];
      for (const command of commands) {
        const pending = this.reply();
        this.socket.write(`${command}\r\n`, 'latin1');
        const reply = await pending;
        replies.push(reply);
        if (reply.code >= 400) break;
      }
      return replies;
    })();
  }

  close(): void {
    if (this.usable) this.socket.end('QUIT\r\n');
    this.socket.destroy();
  }

  private async hello(): Promise<Set<string>> {
    const name = os.hostname() || 'localhost';
    const pending = this.reply();
    this.socket.write(`EHLO ${name}\r\n`);
    const reply = await pending;
    if (reply.code !== 250) {
      await this.command(`HELO ${name}`, [250]);
      return new Set();
    }
    return new Set(
      reply.text
        .split('\n')
        .slice(1)
        .map((line) => line.trim().toUpperCase()),
    );
  }

  private async authenticate(endpoint: Endpoint, capabilities: Set<string>): Promise<void> {
    const auth = [...capabilities].find((line) => line.startsWith('AUTH'))?.split(/[\s=]+/) ?? [];
    const user = endpoint.user ?? '';
    const pass = endpoint.pass ?? '';
    if (auth.includes('LOGIN') && !auth.includes('PLAIN')) {
      await this.command('AUTH LOGIN', [334]);
      await this.command(Buffer.from(user).toString('base64'), [334]);
      await this.command(Buffer.from(pass).toString('base64'), [235]);
      return;
    }
    await this.command(`AUTH PLAIN ${Buffer.from(`\0${user}\0${pass}`).toString('base64')}`, [235]);
  }

  private async command(line: string, expected: number[]): Promise<Reply> {
    const pending = this.reply();
    this.socket.write(`${line}\r\n`);
    return this.expect(await pending, expected, line.split(' ')[0]!);
  }

  private expect(reply: Reply, expected: number[], what: string): Reply {
    if (!expected.includes(reply.code)) throw new SmtpReplyError(reply.code, reply.text, what);
    return reply;
  }

  private reply(): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private listen(socket: net.Socket): void {
    socket.setEncoding('latin1');
    socket.setTimeout(SOCKET_TIMEOUT_MS, () =>
      socket.destroy(new Error('SMTP server did not answer in time')),
    );
    socket.on('data', (chunk: string) => this.read(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('SMTP connection closed')));
  }

  private async upgrade(servername: string): Promise<void> {
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('error');
    plain.removeAllListeners('close');
    plain.setTimeout(0);
    const secure = tls.connect({
      socket: plain,
      servername: net.isIP(servername) ? undefined : servername,
    });
    await new Promise<void>((resolve, reject) => {
      secure.once('secureConnect', resolve);
      secure.once('error', reject);
    });
    this.socket = secure;
    this.listen(secure);
  }

  private read(chunk: string): void {
    this.buffered += chunk;
    let end: number;
    while ((end = this.buffered.indexOf('\n')) >= 0) {
      const line = this.buffered.slice(0, end).replace(/\r$/, '');
      this.buffered = this.buffered.slice(end + 1);
      this.lines.push(line);
      // The last line of a reply has a space (or nothing) after its code; the others a hyphen.
      if (/^\d{3}(?: |$)/.test(line)) {
        const text = this.lines.map((part) => part.slice(4)).join('\n');
        this.lines = [];
        const waiter = this.waiting.shift();
        waiter?.resolve({ code: Number(line.slice(0, 3)), text: `${line.slice(0, 3)} ${text}` });
      }
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiting.splice(0)) waiter.reject(this.failure);
  }
}

function connect(endpoint: Endpoint): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const options = { host: endpoint.host, port: endpoint.port, timeout: CONNECT_TIMEOUT_MS };
    const socket = endpoint.secure
      ? tls.connect({
          ...options,
          servername: net.isIP(endpoint.host) ? undefined : endpoint.host,
        })
      : net.connect(options);
    const ready = endpoint.secure ? 'secureConnect' : 'connect';
    socket.once(ready, () => {
      socket.setTimeout(0);
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('timeout', () =>
      socket.destroy(new Error('SMTP server could not be reached in time')),
    );
    socket.once('error', reject);
  });
}

/**
 * A pool of up to `size` pipelined SMTP connections for a newsletter's copies (SMTP_URL: smtp with
 * STARTTLS when offered, or smtps; AUTH PLAIN or LOGIN with the URL's user). Copies wait in one queue;
 * each connection takes the next as soon as it can pipeline it. Each copy goes out as the pieces of its
 * campaign's template, written straight to the socket: no message is built per copy, parsed or copied
 * again on its way out (what nodemailer does for each raw message), and a transaction costs one round
 * trip. A refused message throws an SmtpReplyError; a broken connection throws for the copy it was
 * sending, and the next copies go on over a new one. When no connection can be opened, the waiting
 * copies fail with the reason.
 */
export class SmtpPipelinePool {
  private readonly endpoint: Endpoint;
  private readonly queue: Delivery[] = [];
  /** Open connections with nothing to send. */
  private readonly idle: SmtpSession[] = [];
  /** Connections open or being opened. */
  private open = 0;
  private opening = 0;
  private closed = false;

  constructor(
    smtpUrl: string,
    private readonly size: number,
  ) {
    this.endpoint = endpointOf(smtpUrl);
  }

  send(envelope: { from: string; to: string }, data: readonly DataPiece[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The SMTP pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ envelope, data, resolve, reject, handedBack: false });
      this.dispatch();
    });
  }

  close(): void {
    this.closed = true;
    for (const session of this.idle.splice(0)) session.close();
    const error = new Error('The SMTP pool is closed');
    for (const delivery of this.queue.splice(0)) delivery.reject(error);
  }

  /** Puts idle connections to work on the queue, and opens more while copies wait for one. */
  private dispatch(): void {
    if (this.closed) return;
    let session: SmtpSession | undefined;
    while (this.queue.length > 0 && (session = this.idle.pop())) {
      if (session.usable) void this.serve(session);
      else {
        session.close();
        this.open -= 1;
      }
    }
    while (this.queue.length > this.opening && this.open < this.size) {
      this.open += 1;
      this.opening += 1;
      void this.connect();
    }
  }

  private async connect(): Promise<void> {
    let session: SmtpSession;
    try {
      session = await SmtpSession.open(this.endpoint);
    } catch (error) {
      this.opening -= 1;
      this.open -= 1;
      // No connection is left to send the waiting copies: they fail now (and are tried again later).
      if (this.open === 0)
        for (const delivery of this.queue.splice(0)) delivery.reject(error as Error);
      return;
    }
    this.opening -= 1;
    if (this.closed) {
      session.close();
      this.open -= 1;
      return;
    }
    await this.serve(session);
  }

  private async serve(session: SmtpSession): Promise<void> {
    try {
      await session.serve(
        () => this.queue.shift(),
        (delivery, error) => this.handBack(delivery, error),
      );
      if (this.closed) throw new Error('The SMTP pool is closed');
      this.idle.push(session);
    } catch {
      session.close();
      this.open -= 1;
    }
    this.dispatch();
  }

  /** A copy a broken connection did not send: first in line again, once; then it fails. */
  private handBack(delivery: Delivery, error: Error): void {
    if (delivery.handedBack) {
      delivery.reject(error);
      return;
    }
    delivery.handedBack = true;
    this.queue.unshift(delivery);
  }
}
