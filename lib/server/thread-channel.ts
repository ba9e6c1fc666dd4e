import 'server-only';

/**
 * Word between the server's threads: Next's and the fast lane's (scripts/api-fast-lane.mjs) each hold
 * their own instance of every module, so a module that keeps something in memory tells the others
 * when it changes. Returns the function that tells them; `onMessage` runs when another thread of this
 * process tells this one (a channel never hears its own messages). Listening keeps no process (a
 * script, a test run) alive.
 */
export function threadChannel(name: string, onMessage: (data: string) => void): (data: string) => void {
  if (typeof BroadcastChannel !== 'function') return () => {};
  const channel = new BroadcastChannel(name);
  channel.onmessage = (message: MessageEvent) => {
    if (typeof message.data === 'string') onMessage(message.data);
  };
  (channel as unknown as { unref?: () => void }).unref?.();
  return (data) => channel.postMessage(data);
}
