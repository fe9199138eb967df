/**
 * The reference server for the benchmarks: `@y/websocket-server` as its README runs it (in
 * memory, no persistence), on the same room paths as ours, in its own process. Prints the
 * same `listening` log line as Vigil's server so the bench starts both the same way.
 */
import { setupWSConnection } from '@y/websocket-server/utils';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ noServer: true });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  res.end('okay');
});
server.on('upgrade', (req, socket, head) => {
  wss.handleUpgrade(req, socket, head, (conn) => setupWSConnection(conn, req));
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ msg: 'listening', port }));
});
process.on('SIGTERM', () => process.exit(0));
