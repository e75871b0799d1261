/**
 * A player in its own process, so that a test can freeze it with SIGSTOP as a phone freezes: it
 * takes its seat, pings every half second, and prints `ready` once it has the game.
 * Usage: node --import tsx test/frozen-client.ts <base> <game> <token>
 */
import WebSocket from 'ws';

const [base, game, token] = process.argv.slice(2);
const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws`);
let n = 0;
ws.on('open', () => {
  ws.send(JSON.stringify({ t: 'hello', game, token }));
  setInterval(() => ws.send(JSON.stringify({ t: 'ping', n: ++n })), 500);
});
ws.on('message', (data) => {
  const msg = JSON.parse(data.toString()) as { t: string };
  if (msg.t === 'game' && n >= 0) {
    console.log('ready');
    n = Math.max(n, 0);
  }
});
ws.on('close', (code) => {
  console.log(`closed ${code}`);
  process.exit(0);
});
