import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { SMTPServer } from 'smtp-server';
import { freePort, LOOPBACK } from './net.ts';

/** Debian's Dovecot (`dovecot-imapd`), installed by `npm test`'s setup as Chromium and Java are. */
export const DOVECOT = '/usr/sbin/dovecot';

export interface MailServers {
  imap: ImapServer;
  smtp: { host: string; port: number };
  /** Puts a raw message (RFC 822) in a user's INBOX, as a delivery would. */
  deliver(user: string, raw: string | Buffer): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The business's mail servers for the tests and the local runtime: Dovecot for IMAP and the
 * project's SMTP server library for SMTP (TLS from the first byte, logins checked against the
 * same users), which delivers a mail to a local user's INBOX when the recipient is one.
 */
export async function startMailServers(dir: string): Promise<MailServers> {
  const imap = await startImapServer(dir);
  const deliver = async (user: string, raw: string | Buffer) => {
    const pass = imap.passwordOf(user);
    if (pass === undefined) throw new Error(`${user} has no mailbox here`);
    const client = new ImapFlow({
      host: imap.host,
      port: imap.port,
      secure: true,
      auth: { user, pass },
      tls: { ca: [imap.ca] },
      logger: false,
    });
    await client.connect();
    try {
      await client.append('INBOX', raw);
    } finally {
      await client.logout();
    }
  };
  const smtpServer = new SMTPServer({
    secure: true,
    key: await readFile(join(dir, 'key.pem')),
    cert: await readFile(join(dir, 'cert.pem')),
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username && imap.passwordOf(auth.username) === auth.password)
        return callback(null, { user: auth.username });
      const error = Object.assign(new Error('5.7.8 Error: authentication failed'), { responseCode: 535 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        // A sub-address (`office+anything@`) is delivered to its mailbox, as mail servers do.
        const local = session.envelope.rcptTo
          .map((r) => r.address.replace(/\+[^@]*@/, '@'))
          .filter((a) => imap.passwordOf(a) !== undefined);
        Promise.all(local.map((a) => deliver(a, Buffer.concat(chunks)))).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      });
    },
  });
  const smtpPort = await new Promise<number>((resolve, reject) => {
    smtpServer.once('error', reject);
    smtpServer.listen(0, LOOPBACK, () => resolve((smtpServer.server.address() as { port: number }).port));
  });
  return {
    imap,
    smtp: { host: 'localhost', port: smtpPort },
    deliver,
    async stop() {
      await new Promise<void>((resolve) => smtpServer.close(() => resolve()));
      await imap.stop();
    },
  };
}

export interface ImapServer {
  host: string;
  /** IMAP over TLS from the first byte (the default port's protocol). */
  port: number;
  /** The certificate the server presents (self-signed for `localhost`): the clients' extra CA. */
  ca: string;
  /** Adds a mailbox user (the server reads its password file at each login). */
  addUser(user: string, pass: string): Promise<void>;
  passwordOf(user: string): string | undefined;
  stop(): Promise<void>;
}

/**
 * A real IMAP server for the tests and the local runtime: Dovecot with its own configuration in
 * `dir` (its state, a password file, Maildirs), TLS with a self-signed certificate for
 * `localhost`, IDLE and the quota extension (a 10 MB limit per mailbox), on a free loopback port.
 * It runs in the foreground (`-F`) under this process and stops with it, even when this process is
 * killed outright.
 */
export async function startImapServer(dir: string): Promise<ImapServer> {
  if (!existsSync(DOVECOT)) throw new Error(`${DOVECOT} is missing: apt-get install dovecot-imapd`);
  await mkdir(join(dir, 'run'), { recursive: true });
  await mkdir(join(dir, 'mail'), { recursive: true });
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  if (!existsSync(cert)) {
    const made = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '3650',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ]);
    if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
  }
  const users = join(dir, 'users');
  if (!existsSync(users)) await writeFile(users, '');
  const passwords = new Map<string, string>();
  for (const line of (await readFile(users, 'utf8')).split('\n')) {
    const [user, pass] = line.split(':{PLAIN}');
    if (user && pass !== undefined) passwords.set(user, pass);
  }
  const me = userInfo();
  const root = me.uid === 0;
  // As root, Dovecot drops to its own users; otherwise everything runs as this user.
  const internal = root ? 'dovecot' : me.username;
  const login = root ? 'dovenull' : me.username;
  const mailUid = root ? 'dovecot' : String(me.uid);
  const mailGid = root ? 'dovecot' : String(me.gid);
  if (root) spawnSync('chown', ['-R', 'dovecot:dovecot', join(dir, 'mail')]);
  await chmod(dir, 0o755);
  // Dovecot's own users must pass through the folder holding `dir` (a test run's data folder is
  // made 0700): others may traverse it, not list it.
  if (root) {
    const parent = dirname(dir);
    await chmod(parent, (await stat(parent)).mode | 0o001);
  }
  const port = await freePort();
  const config = `
protocols = imap
listen = ${LOOPBACK}
base_dir = ${join(dir, 'run')}
state_dir = ${join(dir, 'run')}
instance_name = roundwise-${port}
default_internal_user = ${internal}
default_internal_group = ${root ? 'dovecot' : String(me.gid)}
default_login_user = ${login}
log_path = ${join(dir, 'dovecot.log')}
ssl = required
ssl_cert = <${cert}
ssl_key = <${key}
auth_mechanisms = plain login
auth_failure_delay = 0
mail_location = maildir:${join(dir, 'mail')}/%u
mail_uid = ${mailUid}
mail_gid = ${mailGid}
first_valid_uid = 0
mail_plugins = quota
protocol imap {
  mail_plugins = $mail_plugins imap_quota
  imap_idle_notify_interval = 1 mins
}
plugin {
  quota = count:User quota
  quota_rule = *:storage=10M
  quota_vsizes = yes
}
service imap-login {
  inet_listener imap {
    port = 0
  }
  inet_listener imaps {
    address = ${LOOPBACK}
    port = ${port}
    ssl = yes
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${users}
}
userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${join(dir, 'mail')}/%u
}
`;
  const file = join(dir, 'dovecot.conf');
  await writeFile(file, config);
  await stopLeftOver(join(dir, 'run', 'master.pid'));
  // Through a small shell that stops it once this process is gone: a runtime killed outright
  // (a crash, the kill tests' SIGKILL) cannot stop its children, and Dovecot would live on.
  const watch = `"${DOVECOT}" -F -c "$1" & d=$!
trap 'kill $d 2>/dev/null; wait $d; exit' TERM INT
while kill -0 ${process.pid} 2>/dev/null && kill -0 $d 2>/dev/null; do sleep 1; done
kill $d 2>/dev/null; wait $d`;
  const child: ChildProcess = spawn('/bin/sh', ['-c', watch, 'sh', file], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  await waitForPort(port, child, () => stderr, dir);
  return {
    host: 'localhost',
    port,
    ca: await readFile(cert, 'utf8'),
    async addUser(user, pass) {
      passwords.set(user, pass);
      const lines = (await readFile(users, 'utf8')).split('\n').filter((l) => l && !l.startsWith(`${user}:`));
      await writeFile(users, [...lines, `${user}:{PLAIN}${pass}`, ''].join('\n'));
    },
    passwordOf: (user) => passwords.get(user),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A runtime killed outright (a crash, the kill tests' SIGKILL) leaves its Dovecot running, and
 * Dovecot refuses to start twice on one state folder: stop the one the pid file names first.
 */
async function stopLeftOver(pidFile: string) {
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
  // Only a Dovecot: after a reboot the file may name a pid some other program now has.
  const name = pid ? await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '') : '';
  if (name.trim() !== 'dovecot' || !alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForPort(port: number, child: ChildProcess, stderr: () => string, dir: string) {
  const { connect } = await import('node:net');
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) {
      const log = await readFile(join(dir, 'dovecot.log'), 'utf8').catch(() => '');
      throw new Error(`dovecot exited (${child.exitCode}): ${stderr()}${log}`);
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, LOOPBACK);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`dovecot did not listen on ${port}: ${stderr()}`);
}
