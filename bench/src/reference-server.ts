// The reference target: a bare Fastify hello-world route in its own process. The API figures
// are reported as a fraction of what this reaches on the same machine at the same moment.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
