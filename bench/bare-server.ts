/** The baseline: one bare Fastify process doing the same primary-key select with `pg`, no gateway, no ORM. */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/api/customers/:id', async (req, reply) => {
  const { rows } = await pool.query('select * from customers.customers where id = $1 and deleted_at is null', [Number(req.params.id)]);
  if (!rows[0]) return reply.status(404).send({ message: 'Not Found' });
  return rows[0];
});
const url = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`bare listening ${url}`);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
