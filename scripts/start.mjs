// `npm start` starts the Ranwal server once apps/server exists; until then it says so plainly.
console.error(
  'Ranwal: the server (apps/server) is not built yet. Today the repository holds @ranwal/core; run `npm test`.',
);
process.exit(1);
