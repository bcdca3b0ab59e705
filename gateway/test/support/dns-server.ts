import { createSocket, type Socket } from 'node:dgram';

/**
 * A tiny authoritative DNS server on 127.0.0.1 (UDP, a free port) answering TXT questions from a table the test edits:
 * `txt.set('_billpoint.shop.example', ['token'])`. Any other name or type: NXDOMAIN. Enough for node:dns's Resolver.
 */
export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for DNS_SERVERS. */
  address: string;
  txt: Map<string, string[]>;
  /** How many questions it answered (a test can see a check asked). */
  questions: () => number;
  close(): Promise<void>;
}

interface Question {
  name: string;
  type: number;
  /** The question section's bytes, copied into the answer. */
  raw: Buffer;
}

function readQuestion(msg: Buffer): Question {
  const labels: string[] = [];
  let at = 12;
  while (msg[at] !== 0) {
    const len = msg[at]!;
    labels.push(msg.subarray(at + 1, at + 1 + len).toString('latin1'));
    at += len + 1;
  }
  at += 1;
  const type = msg.readUInt16BE(at);
  return { name: labels.join('.').toLowerCase(), type, raw: msg.subarray(12, at + 4) };
}

function txtRecord(value: string): Buffer {
  // One TXT record: its value as character-strings of at most 255 bytes each.
  const bytes = Buffer.from(value, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  const rdata = Buffer.concat(parts);
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
  head.writeUInt16BE(16, 2); // TXT
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(5, 6); // TTL 5 s
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const txt = new Map<string, string[]>();
  let asked = 0;
  const socket: Socket = createSocket('udp4');
  socket.on('message', (msg, from) => {
    if (msg.length < 17) return;
    asked++;
    const q = readQuestion(msg);
    const values = q.type === 16 ? txt.get(q.name) : undefined;
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // the id
    // QR, AA, RD as asked, RA; NXDOMAIN (3) when the name is not in the table.
    header.writeUInt16BE(0x8400 | (msg.readUInt16BE(2) & 0x0100) | 0x0080 | (values ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(values?.length ?? 0, 6);
    socket.send(Buffer.concat([header, q.raw, ...(values ?? []).map(txtRecord)]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    txt,
    questions: () => asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
