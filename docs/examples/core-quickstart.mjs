// Runnable example of @ranwal/core (docs/core.md). Run: node docs/examples/core-quickstart.mjs
import {
  ApiError,
  BudgetLineInput,
  computeTotals,
  createClient,
  formatDateTimeLong,
  formatRupiah,
  messagesId,
} from '@ranwal/core';

// 1. Money: exact totals and PPN 12%, as the server computes them.
const totals = computeTotals({
  price: 2_500_000,
  first_volume: 2,
  second_volume: 3,
  third_volume: 1.5,
  taxed: true,
});
console.log(formatRupiah(totals.total_price), '+ PPN', formatRupiah(totals.tax));
// -> Rp 22.500.000 + PPN Rp 2.700.000

// 2. Formatting and the message catalogue.
console.log(formatDateTimeLong('2025-03-01T02:30:00Z'), '-', messagesId.reports.form.submit);

// 3. Validation with the same schema the server uses: errors name the field.
const check = BudgetLineInput.safeParse({ price: -5, unit: 'Pcs' });
console.log(check.success ? 'valid' : check.error.issues.map((i) => i.path.join('.')).join(', '));

// 4. The API client: typed methods per call; errors tell network failures from server answers.
const client = createClient({
  baseUrl: process.env.RANWAL_SERVER ?? 'http://127.0.0.1:59999',
  getToken: () => process.env.RANWAL_TOKEN,
  onUnauthorized: () => console.log('session expired: sign in again'),
});
try {
  const { data, filter } = await client.action.list({ page: 1, limit: 5, search: 'rapat' });
  console.log(`${data.length} of ${filter.total_result} kegiatan`);
} catch (error) {
  if (error instanceof ApiError) console.log(error.kind, error.status, error.message);
  else throw error;
}
