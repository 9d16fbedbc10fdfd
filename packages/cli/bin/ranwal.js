#!/usr/bin/env node
// The `ranwal` command. A file of the checkout, not of the build: npm links a workspace's
// command only when its file exists at install time, and the build (the root's `prepare`)
// runs after that. It loads the built command, or says how to build it.
try {
  await import('../dist/bin.js');
} catch (error) {
  const missing =
    error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/bin.js');
  if (!missing) throw error;
  process.stderr.write(
    'ranwal: perintah belum dibangun; jalankan `npm run build -w @ranwal/core -w @ranwal/cli` di akar repositori\n' +
      'ranwal: the command is not built yet; run `npm run build -w @ranwal/core -w @ranwal/cli` at the repository root\n',
  );
  process.exitCode = 1;
}
