/**
 * The baseline for user-endpoint.ts: the smallest Koa app that answers JSON. Run under tsx like the
 * real app, so that both sides of the ratio pay the same runtime costs.
 */
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = { hello: 'world' };
});

const port = Number(process.env.PORT ?? 0);
const server = app.listen(port, '127.0.0.1', () => {
  const address = server.address();
  console.log(`hello-koa listening on ${typeof address === 'object' && address ? address.port : port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
