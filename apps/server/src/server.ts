import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfigOrExit } from './config/env';

const start = async () => {
  const config = loadConfigOrExit();
  const startedAt = performance.now();
  let app;
  try {
    app = await buildApp({ config });
  } catch (error) {
    console.error(`${config.appName}: no se pudo iniciar el servidor.`);
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  // On SIGINT/SIGTERM drain (decision 101: /readyz 503, `Connection: close` on every answer),
  // then stop accepting connections, finish in-flight requests and close the DB.
  const drainMs = config.shutdownDrainMs;
  closeWithGrace({ delay: drainMs + 10_000 }, async ({ signal, err }) => {
    if (err) {
      app.log.error({ err }, 'closing after an uncaught error');
    } else {
      app.log.info({ signal, drainMs }, 'draining, then shutting down');
      await app.drain(drainMs);
    }
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: app.database.driver,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `${config.appName} listo en ${config.publicUrl}`,
  );
};

await start();
