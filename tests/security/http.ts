import { request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request to the test server with exactly the headers given (Host and Origin
 * included, which fetch would not let a test set), answered with status, headers and text.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        const done = (): void =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.on('end', done);
        // A connection closed by the server after its answer still gives that answer.
        res.on('close', done);
      },
    );
    req.setTimeout(options.timeoutMs ?? 20_000, () => req.destroy(new Error(`no answer from ${url} in time`)));
    // A server that answers before reading a whole (too large) body may close the connection
    // while it is still being sent: the answer counts, the broken upload does not.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.end(options.body);
  });
}

/**
 * Starts uploading a large body and waits for the server to refuse it. With an announced length
 * (Content-Length: `bytes`) only the headers are sent: a server that checks the length answers
 * at once. Chunked, `sendBytes` are sent (just past the server's limit) and then nothing more.
 * Writing on after the server answered and closed would fail with EPIPE and lose the answer;
 * the upload is never finished, so a server that waited for the whole body would time out.
 */
export function uploadLarge(
  url: string,
  options: {
    headers?: Record<string, string>;
    bytes: number;
    chunked: boolean;
    sendBytes?: number;
    timeoutMs?: number;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = {
      ...options.headers,
      ...(options.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(options.bytes) }),
    };
    let answered = false;
    const req = request(url, { method: 'POST', headers, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      const done = (): void => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        req.destroy();
      };
      res.on('end', done);
      res.on('close', done);
    });
    req.setTimeout(options.timeoutMs ?? 20_000, () => req.destroy(new Error(`no answer from ${url} in time`)));
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.flushHeaders();
    const toSend = options.chunked ? Math.min(options.sendBytes ?? options.bytes, options.bytes) : 0;
    const piece = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = (): void => {
      while (!answered && !req.destroyed && sent < toSend) {
        const part = piece.subarray(0, Math.min(piece.length, toSend - sent));
        sent += part.length;
        if (!req.write(part)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

/**
 * How long these tests wait for a server to start: on a shared 2-core machine under load the
 * start (mostly loading and transpiling the server's modules) has taken over 20 s, the default.
 * Below the integration project's 60 s hook timeout.
 */
export const SERVER_START_TIMEOUT_MS = 50_000;
