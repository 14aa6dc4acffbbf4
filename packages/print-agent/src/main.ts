import { createAgent, optionsFromEnv, OptionsError } from './agent.js';

/** `npm run print-agent` on the packing PC (README "Print agent"). */
function main(): void {
  let options;
  try {
    options = optionsFromEnv();
  } catch (err) {
    if (!(err instanceof OptionsError)) throw err;
    console.error(`print agent: ${err.message}`);
    process.exit(2);
  }
  const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);
  const server = createAgent(options, log);
  server.on('error', (err) => {
    console.error(`print agent: cannot listen on ${options.host}:${options.port}: ${err.message}`);
    process.exit(1);
  });
  server.listen(options.port, options.host, () => {
    const where = options.folder ? `into the folder ${options.folder}` : 'through CUPS (lp)';
    log(`PrintBridge running on http://${options.host}:${options.port}, printing ${where}; browser origins: ${options.origins.join(', ')}`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();
