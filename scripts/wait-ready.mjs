// node scripts/wait-ready.mjs <port> [seconds] — waits until the server on 127.0.0.1:<port> answers
// GET /health/ready with 200 (deploy/systemd/tribuna@.service runs it after the start, and a rolling
// restart between two servers); exit 1 when it is not ready within the seconds (default 120).
const port = Number(process.argv[2]);
const seconds = Number(process.argv[3] || 120);
if (!Number.isInteger(port) || port < 1) {
  console.error('usage: node scripts/wait-ready.mjs <port> [seconds]');
  process.exit(2);
}
const deadline = Date.now() + seconds * 1000;
let last = 'no answer';
while (Date.now() < deadline) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(3000) });
    if (response.status === 200) process.exit(0);
    last = `${response.status} ${(await response.text()).slice(0, 200)}`;
  } catch (error) {
    last = error.cause?.code ?? error.message;
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
console.error(`the server on port ${port} is not ready after ${seconds} s (last answer: ${last})`);
process.exit(1);
