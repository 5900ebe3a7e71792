/**
 * The machine's yardstick (processes.ts startHello): the smallest Koa app that answers JSON, run
 * under tsx like the real app, so that both sides of a ratio pay the same runtime costs.
 */
import Koa from 'koa';

new Koa()
  .use((ctx) => {
    ctx.body = { hello: 'world' };
  })
  .listen(Number(process.env.PORT ?? 0), '127.0.0.1');
