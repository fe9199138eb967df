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
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      const done = (): void =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.on('end', done);
      // A connection closed by the server after its answer still gives that answer.
      res.on('close', done);
    });
    req.setTimeout(options.timeoutMs ?? 20_000, () => req.destroy(new Error(`no answer from ${url} in time`)));
    // A server that answers before reading a whole (too large) body may close the connection
    // while it is still being sent: the answer counts, the broken upload does not.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.end(options.body);
  });
}
