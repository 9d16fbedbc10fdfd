import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Writes exact bytes to a loopback HTTP server and reads every response until the server
 * closes: no client library normalises the path, fixes a Content-Length or adds a header.
 * `endWrite` half-closes after writing (a client that sends less than it promised and stops).
 */
export function sendRaw(
  port: number,
  bytes: Buffer,
  options: { endWrite?: boolean; timeoutMs?: number } = {},
): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(parseResponses(Buffer.concat(chunks)));
    }, options.timeoutMs ?? 15_000);
    socket.on('connect', () => {
      socket.write(bytes);
      if (options.endWrite) socket.end();
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the answer was read is the server closing a lying connection.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseResponses(Buffer.concat(chunks)));
    });
  });
}

/** Splits what the server sent into responses (Content-Length or chunked bodies). */
export function parseResponses(data: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = data;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon > 0)
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    rest = rest.subarray(end + 4);
    let body: Buffer;
    if (headers['transfer-encoding']?.includes('chunked')) {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = rest.indexOf('\r\n');
        if (lineEnd < 0) break;
        const size = Number.parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
        rest = rest.subarray(lineEnd + 2);
        if (!size) {
          rest = rest.subarray(rest.indexOf('\r\n') + 2);
          break;
        }
        parts.push(rest.subarray(0, size));
        rest = rest.subarray(size + 2);
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers['content-length'] ?? rest.length);
      body = rest.subarray(0, length);
      rest = rest.subarray(length);
    }
    responses.push({ status, headers, body });
  }
  return responses;
}
