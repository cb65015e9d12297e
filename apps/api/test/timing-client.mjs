// A client in its own process for timing tests: it measures what a caller on the network sees
// (request sent -> last byte of the answer), never the server's own event loop. Each request
// comes from its own loopback address (127.x.y.z), as strangers on the network do, so the
// per-address rate limits of the route under test do not answer 429.
// Input (stdin, JSON): { url, requests: [{ tag, body }] }. Output (stdout, JSON): [{ tag, ms, status }].
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const input = JSON.parse(
  await new Promise((resolve) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk) => (text += chunk));
    process.stdin.on('end', () => resolve(text));
  }),
);

function send(url, body, index) {
  const payload = JSON.stringify(body);
  const localAddress = `127.${1 + ((index >> 16) & 0xff)}.${(index >> 8) & 0xff}.${1 + (index & 0x7f)}`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      url,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ ms: performance.now() - started, status: response.statusCode }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const results = [];
for (const [index, { tag, body }] of input.requests.entries()) {
  results.push({ tag, ...(await send(input.url, body, index)) });
}
process.stdout.write(JSON.stringify(results));
