import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Makes `server.close()` (Fastify's `close()` with `forceCloseConnections: 'idle'`) end every connection that has
 * nothing in flight, so a service closes as soon as its requests have drained, not when clients let go.
 *
 * Node's `closeIdleConnections` (which `close()` calls) leaves two kinds of idle connection open, and `close()`
 * then waits for them — until the client's keep-alive ends or Node's headers timeout, far beyond any grace delay:
 * - a connection that never sent a byte (nodejs/node#63452, fixed upstream by #63470, not in the Node we run):
 *   a browser's speculative connection, or an HTTP client pool's connection whose request was given up while it
 *   was connecting (the gateway's proxy when a tab closes mid-request leaves exactly that to the service);
 * - a keep-alive connection whose response was still in flight when the close began: once the response is out,
 *   it just sits idle.
 * Both are reaped here: the first when the idle connections are closed, the second as each such response ends.
 * A connection mid-request (bytes read, or a response being written) is left to finish, as before.
 */
export function closeIdleConnectionsFully(server: Server): void {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const closeIdle = server.closeIdleConnections.bind(server);
  let closing = false;
  server.closeIdleConnections = () => {
    closeIdle();
    for (const socket of sockets) {
      if (socket.bytesRead === 0) socket.destroy();
      else if (!closing) {
        // The response in flight on this connection (Node's own bookkeeping, as closeIdleConnections reads it):
        // when it has gone out, the connection is idle and is closed like the others.
        const res = (socket as Socket & { _httpMessage?: NodeJS.EventEmitter & { finished?: boolean } })._httpMessage;
        if (res && !res.finished) res.once('finish', () => server.closeIdleConnections());
      }
    }
    closing = true;
  };
}
