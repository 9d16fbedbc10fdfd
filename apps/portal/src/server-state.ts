/** The id of the `<script type="application/json">` holding a server-rendered page's query data. */
export const SERVER_STATE_ID = 'ranwal-server-state';

/** How long the data a page was server-rendered with counts as fresh in the browser. */
export const SERVER_DATA_FRESH_MS = 60_000;
