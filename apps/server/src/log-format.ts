import { prettyFactory } from 'pino-pretty';

/** How the server writes its log: one JSON object a line (for collectors), or lines for a person. */
export type LogFormat = 'json' | 'pretty';

/**
 * The log's format: RANWAL_LOG_FORMAT when it says one, else lines for a person when standard
 * output is a terminal, JSON when it is not (a file, a pipe, a service manager's journal).
 */
export function logFormatFor(
  stream: { isTTY?: boolean },
  setting: 'auto' | LogFormat = 'auto',
): LogFormat {
  if (setting !== 'auto') return setting;
  return stream.isTTY ? 'pretty' : 'json';
}

interface LogLine {
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  [key: string]: unknown;
}

/**
 * A stream for Fastify's logger that writes each JSON line as one line a person reads
 * (pino-pretty): a request as `GET /ranwal/api/user/me 200 4 ms` when it completes, not its two
 * JSON records ('incoming request' is held until then); anything else with its level and time.
 */
export function prettyLogStream(
  output: { write(text: string): unknown },
  options: { colorize?: boolean } = {},
): { write(line: string): void } {
  const prettify = prettyFactory({
    colorize: options.colorize ?? false,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
  });
  // A request's method and path, by its id, from its 'incoming request' record until it completes.
  const open = new Map<string, string>();
  return {
    write(line: string) {
      let record: LogLine;
      try {
        record = JSON.parse(line) as LogLine;
      } catch {
        output.write(line);
        return;
      }
      if (record.msg === 'incoming request' && record.reqId !== undefined && record.req) {
        // A request that never completes is not kept for ever.
        if (open.size > 10_000) open.clear();
        open.set(record.reqId, `${record.req.method} ${record.req.url}`);
        return;
      }
      if (record.msg === 'request completed' && record.reqId !== undefined) {
        const request = open.get(record.reqId) ?? '';
        open.delete(record.reqId);
        const { res, responseTime, ...rest } = record;
        const time = typeof responseTime === 'number' ? ` ${Math.round(responseTime)} ms` : '';
        record = { ...rest, msg: `${request} ${res?.statusCode ?? ''}${time}`.trim() };
      }
      output.write(prettify(record));
    },
  };
}
