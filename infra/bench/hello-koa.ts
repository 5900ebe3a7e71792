/** The machine's yardstick: the smallest Koa app that answers JSON, under tsx as the app runs (processes.ts startHello). */
import Koa from 'koa';

new Koa()
  .use((ctx) => {
    ctx.body = { hello: 'world' };
  })
  .listen(Number(process.env.PORT ?? 0), '127.0.0.1');
