import type { Page, Response, WebSocket } from '@playwright/test';

/** socket.io's CONNECT answer (engine.io message 4, socket.io packet 0): the server has joined the rooms. */
const CONNECT_ACK = '40{"sid"';

/**
 * Resolves once the page's realtime connection is accepted by the server, so that events sent from then
 * on reach it. Call it before the navigation that opens the connection.
 */
export function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      page.off('response', onResponse);
      page.off('websocket', onWebSocket);
      resolve();
    };
    // The answer comes by long polling, or by the WebSocket when the upgrade was quicker.
    const onResponse = (response: Response) => {
      if (!response.url().includes('/ws/socket.io/')) return;
      response.text().then(
        (text) => text.includes(CONNECT_ACK) && done(),
        () => undefined,
      );
    };
    const onWebSocket = (socket: WebSocket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith(CONNECT_ACK)) done();
      });
    };
    page.on('response', onResponse);
    page.on('websocket', onWebSocket);
  });
}
