import { messagesId } from '@ranwal/core';
import type { AppContext } from '../context.js';
import { createCashPlanService } from '../services/cash-plan.js';
import { createFundingService } from '../services/funding.js';
import { createPaguService } from '../services/pagu.js';
import { createPlanningService } from '../services/planning.js';
import { createPriceItemService } from '../services/price-items.js';
import { assertSubActionInScope } from '../services/reports.js';
import type { Handlers } from './contract.js';

const ok = messagesId.server.ok;

/** PPN rules, signatories: the region's planning configuration. */
export function planningHandlers({ db, config }: AppContext): Handlers['planning'] {
  const planning = createPlanningService(db, {
    freeForm: config.RANWAL_FREE_FORM_COMPONENTS,
  });
  return {
    settings: async () => ({ message: ok, data: await planning.settings() }),
    years: async () => ({ message: ok, data: await planning.years() }),
    taxRules: async ({ body }) => ({ message: ok, data: await planning.setTaxRules(body) }),
    policy: async ({ body, user }) => ({
      message: ok,
      data: await planning.setPolicy(body, user.id),
    }),
    signers: async () => ({ message: ok, data: await planning.signers() }),
    setSigner: async ({ body }) => ({ message: ok, data: await planning.setSigner(body) }),
    taxRecalculation: async ({ query }) => ({
      message: ok,
      data: await planning.taxRecalculation(query.year),
    }),
    recalculateTax: async ({ body, user }) => ({
      message: ok,
      data: await planning.recalculateTax(body.year, user.id),
    }),
  };
}

/** The pagu of sub kegiatan and Perangkat Daerah per budget year. */
export function paguHandlers({ db }: AppContext): Handlers['pagu'] {
  const pagu = createPaguService(db);
  return {
    status: async ({ query, user }) => {
      // A person with units reads the ceilings of their units only.
      await assertSubActionInScope(db, user, query.sub_action_id);
      return { message: ok, data: await pagu.status(query) };
    },
    list: async ({ query }) => ({ message: ok, ...(await pagu.list(query)) }),
    summary: async ({ query }) => ({ message: ok, data: await pagu.summary(query.year) }),
    set: async ({ body, user }) => ({ message: ok, data: await pagu.set(body, user.id) }),
    setAgency: async ({ body }) => ({ message: ok, data: await pagu.setAgency(body) }),
    import: async ({ body }) => ({ message: ok, data: await pagu.import(body) }),
  };
}

/** The standard price catalogue of each budget year. */
export function priceItemHandlers({ db }: AppContext): Handlers['priceItem'] {
  const items = createPriceItemService(db);
  return {
    list: async ({ query }) => ({ message: ok, ...(await items.list(query)) }),
    import: async ({ body }) => ({ message: ok, data: await items.import(body) }),
    create: async ({ body }) => ({ message: ok, data: await items.create(body) }),
    update: async ({ params, body }) => ({
      message: ok,
      data: await items.update(params.id, body),
    }),
    anomalies: async ({ query }) => ({ message: ok, ...(await items.anomalies(query)) }),
  };
}

/** The region's sumber dana, and the sources each sub kegiatan draws on per year (issue 36). */
export function fundingHandlers({ db }: AppContext): {
  fundingSource: Handlers['fundingSource'];
  subActionFunding: Handlers['subActionFunding'];
} {
  const funding = createFundingService(db);
  return {
    fundingSource: {
      list: async ({ query }) => ({ message: ok, ...(await funding.list(query)) }),
      create: async ({ body }) => ({ message: ok, data: await funding.create(body) }),
      update: async ({ params, body }) => ({
        message: ok,
        data: await funding.update(params.id, body),
      }),
      delete: async ({ params }) => {
        await funding.remove(params.id);
        return { message: ok, data: null };
      },
      import: async ({ body }) => ({ message: ok, data: await funding.import(body) }),
    },
    subActionFunding: {
      get: async ({ query, user }) => {
        // A person with units reads the sources of their units' sub kegiatan only.
        await assertSubActionInScope(db, user, query.sub_action_id);
        return { message: ok, data: await funding.get(query) };
      },
      set: async ({ body, user }) => ({ message: ok, data: await funding.set(body, user.id) }),
    },
  };
}

/** Anggaran Kas: a sub kegiatan's twelve months per kode rekening (issue 36). */
export function cashPlanHandlers({ db }: AppContext): Handlers['cashPlan'] {
  const cashPlan = createCashPlanService(db);
  return {
    get: async ({ query, user }) => ({
      message: ok,
      data: await cashPlan.get(query.sub_action_id, query.year, user),
    }),
    set: async ({ body, user }) => ({ message: ok, data: await cashPlan.set(body, user) }),
    status: async ({ query, user }) => ({
      message: ok,
      data: await cashPlan.status(query.year, user),
    }),
    import: async ({ body, user }) => ({ message: ok, data: await cashPlan.import(body, user.id) }),
    export: async ({ query }) => ({ message: ok, data: await cashPlan.export(query.year) }),
  };
}
