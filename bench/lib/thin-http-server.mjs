// The thinnest HTTP server over an endpoint's floor (decision 184): node:http and node-postgres,
// nothing else. Every request runs the statements the API ran for one request (THIN_QUERIES, as
// the floor replays them: one pooled connection, named where the API prepares them) and answers
// the last one's JSON text with two headers. No framework, no validation, no token, no security
// headers: what any Node API would cost on top of its SQL, at the least.
import http from 'node:http';
import pg from 'pg';

const queries = JSON.parse(process.env.THIN_QUERIES ?? '[]');
const connections = Number(process.env.THIN_CONNECTIONS ?? 10);
const pools = {
  pool: new pg.Pool({
    connectionString: process.env.THIN_DATABASE_URL,
    max: connections,
    options: process.env.THIN_OPTIONS,
  }),
  generic: new pg.Pool({
    connectionString: process.env.THIN_DATABASE_URL,
    max: connections,
    options: process.env.THIN_PREPARED_OPTIONS,
  }),
};
const named = queries.map((query, index) => ({
  ...query,
  ...(query.prepared ? { name: `thin_${index + 1}` } : {}),
}));
const allPrepared = named.every((query) => query.prepared);

async function answer() {
  const client = await (allPrepared ? pools.generic : pools.pool).connect();
  try {
    let rows = [];
    for (const query of named) {
      const result = await client.query({
        ...(query.name ? { name: query.name } : {}),
        text: query.sql,
        values: query.params,
        rowMode: 'array',
      });
      rows = result.rows;
    }
    // A list's page comes back as JSON text in its last column (the list pipeline); anything
    // else is written as the rows' JSON.
    const last = rows.length === 1 ? rows[0][rows[0].length - 1] : undefined;
    return `{"success":true,"data":${typeof last === 'string' ? last : JSON.stringify(rows)}}`;
  } finally {
    client.release();
  }
}

const server = http.createServer((request, response) => {
  if (request.url === '/ready') {
    response.writeHead(204).end();
    return;
  }
  answer().then(
    (body) => {
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    },
    (error) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error?.message ?? error));
    },
  );
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  Promise.all([pools.pool.end(), pools.generic.end()]).then(() => process.exit(0));
});
