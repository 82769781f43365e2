import net from "node:net";
import type { Server } from "node:http";

/**
 * The listening port, bound before the app's modules load. Connections that arrive while the app
 * starts (clients reconnecting right after a restart, a readiness probe) wait, unread, in its
 * queue instead of being refused; once the app serves they are handed to its HTTP server with
 * the listening socket itself, so no connection is dropped or refused in between.
 */
export interface HeldPort {
  /** Listen options that make a server take over the bound socket (node's server.listen(handle)). */
  readonly listenOptions: { _handle: unknown; host: string; port: number };
  /** Connections accepted while the app started, for `server` (after it took over the socket). */
  handOver(server: Server): number;
}

/**
 * Connections the kernel keeps waiting for the server to accept. Node's default (511) overflows
 * when a thousand clients reconnect at once after a restart while the event loop is busy: the
 * kernel then drops their handshakes and they retry after 1, 3, 7 s, so a request that the
 * server answers in milliseconds reaches it ten seconds late. Linux caps it at net.core.somaxconn.
 */
export const LISTEN_BACKLOG = 4096;

export function holdPort(port: number, host: string): Promise<HeldPort> {
  const early = net.createServer({ pauseOnConnect: true });
  const held = new Map<net.Socket, () => void>();
  const ignore = () => undefined;
  const hold = (socket: net.Socket) => {
    // A client that gave up while waiting is not handed over.
    const forget = () => held.delete(socket);
    held.set(socket, forget);
    socket.once("close", forget);
    socket.on("error", ignore);
  };
  early.on("connection", hold);
  return new Promise((resolve, reject) => {
    early.once("error", reject);
    early.listen({ port, host, backlog: LISTEN_BACKLOG }, () => {
      early.off("error", reject);
      const address = early.address() as net.AddressInfo;
      resolve({
        // server.listen() takes over an object's `_handle` (documented: "a server, a socket
        // (anything with an underlying _handle member)"); the bound port stays the same.
        listenOptions: {
          _handle: (early as unknown as { _handle: unknown })._handle,
          host,
          port: address.port,
        },
        handOver(server) {
          // Taking a socket over listens on it again with node's default backlog (a backlog in
          // listen options applies to a port, not a handle); listening once more restores ours.
          const handle = (server as unknown as { _handle: { listen(backlog: number): number } })
            ._handle;
          handle.listen(LISTEN_BACKLOG);
          early.off("connection", hold);
          const sockets = [...held];
          held.clear();
          for (const [socket, forget] of sockets) {
            socket.off("close", forget);
            socket.off("error", ignore);
            // As node's own accept does: the socket counts among the server's connections (its
            // close waits for them on shutdown), then the server reads it.
            const counted = server as unknown as { _connections: number };
            counted._connections += 1;
            Object.assign(socket, { server, _server: server });
            server.emit("connection", socket);
            socket.resume();
          }
          return sockets.length;
        },
      });
    });
  });
}
