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

/**
 * One SMTP connection sending one message at a time: MAIL FROM, RCPT TO and DATA in one write when the
 * server offers PIPELINING (RFC 2920; one round trip instead of three), the body as the pieces given
 * (already dot-stuffed, ending in CRLF) without copying them, then the end-of-data line.
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

  async send(envelope: { from: string; to: string }, data: readonly DataPiece[]): Promise<void> {
    const commands = [`MAIL FROM:<${envelope.from}>`, `RCPT TO:<${envelope.to}>`, 'DATA'];
    const replies: Reply[] = [];
    if (this.pipelining) {
      const pending = commands.map(() => this.reply());
      this.socket.write(`${commands.join('\r\n')}\r\n`);
      for (const reply of pending) replies.push(await reply);
    } else {
      for (const command of commands) {
        const pending = this.reply();
        this.socket.write(`${command}\r\n`);
        const reply = await pending;
        replies.push(reply);
        if (reply.code >= 400) break;
      }
    }
    const [mail, rcpt, dataReply] = replies;
    const refused =
      mail!.code !== 250
        ? { reply: mail!, command: 'MAIL FROM' }
        : rcpt && rcpt.code !== 250 && rcpt.code !== 251
          ? { reply: rcpt, command: 'RCPT TO' }
          : dataReply && dataReply.code !== 354
            ? { reply: dataReply, command: 'DATA' }
            : null;
    if (refused) {
      // The server took no message: the transaction is reset for the next one.
      if (dataReply?.code === 354) await this.command('.', [250, 554, 550]).catch(() => undefined);
      await this.command('RSET', [250]);
      throw new SmtpReplyError(refused.reply.code, refused.reply.text, refused.command);
    }
    const done = this.reply();
    this.socket.cork();
    for (const piece of data) {
      if (typeof piece === 'string') this.socket.write(piece, 'latin1');
      else this.socket.write(piece);
    }
    this.socket.write('.\r\n');
    this.socket.uncork();
    await this.expect(await done, [250], 'end of data');
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
 * STARTTLS when offered, or smtps; AUTH PLAIN or LOGIN with the URL's user). Each copy goes out as the
 * pieces of its campaign's template, written straight to the socket: no message is built per copy,
 * parsed or copied again on its way out (what nodemailer does for each raw message), and the commands
 * of a transaction share one round trip. A refused message throws an SmtpReplyError; a broken
 * connection throws, and the next copy opens a new one.
 */
export class SmtpPipelinePool {
  private readonly endpoint: Endpoint;
  private readonly idle: SmtpSession[] = [];
  private readonly queued: ((session: SmtpSession | null) => void)[] = [];
  private open = 0;
  private closed = false;

  constructor(
    smtpUrl: string,
    private readonly size: number,
  ) {
    this.endpoint = endpointOf(smtpUrl);
  }

  async send(envelope: { from: string; to: string }, data: readonly DataPiece[]): Promise<void> {
    const session = await this.acquire();
    try {
      await session.send(envelope, data);
    } finally {
      this.release(session);
    }
  }

  close(): void {
    this.closed = true;
    for (const session of this.idle.splice(0)) session.close();
    for (const waiter of this.queued.splice(0)) waiter(null);
  }

  private async acquire(): Promise<SmtpSession> {
    if (this.closed) throw new Error('The SMTP pool is closed');
    let session: SmtpSession | undefined;
    while ((session = this.idle.pop())) {
      if (session.usable) return session;
      this.open -= 1;
    }
    if (this.open < this.size) {
      this.open += 1;
      try {
        return await SmtpSession.open(this.endpoint);
      } catch (error) {
        this.open -= 1;
        this.handOver();
        throw error;
      }
    }
    const handed = await new Promise<SmtpSession | null>((resolve) => this.queued.push(resolve));
    if (handed === null) return this.acquire();
    return handed;
  }

  private release(session: SmtpSession): void {
    if (this.closed || !session.usable) {
      session.close();
      this.open -= 1;
      this.handOver();
      return;
    }
    const waiter = this.queued.shift();
    if (waiter) waiter(session);
    else this.idle.push(session);
  }

  /** A connection closed: a waiting copy may open the next one. */
  private handOver(): void {
    this.queued.shift()?.(null);
  }
}
