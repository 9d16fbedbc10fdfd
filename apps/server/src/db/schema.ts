import type { ColumnType, Generated } from 'kysely';

/** Timestamps are written by the database and read as Date. */
type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date>;
/** int8 arrives as a string (pg) or a number (PGlite); we always write numbers. */
type BigIntColumn = ColumnType<string | number | bigint, number, number>;
/** numeric(…, 2) arrives as a string; written as a number. */
type DecimalColumn = ColumnType<string | number, number, number>;

export interface AppSettingTable {
  key: string;
  value: string;
}

export interface AppUserTable {
  id: Generated<string>;
  name: string;
  email: string;
  role: 'user' | 'admin';
  password_hash: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

interface NamedRecord {
  id: Generated<string>;
  name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProgramTable extends NamedRecord {
  is_taxed: Generated<boolean>;
}
export interface ActionTable extends NamedRecord {
  program_id: string;
}
export interface SubActionTable extends NamedRecord {
  action_id: string;
}
export interface ActivityTable extends NamedRecord {
  sub_action_id: string;
}
export interface SubtitleTable extends NamedRecord {
  activity_id: string;
}
export interface AccountTable extends NamedRecord {
  code: string;
  subtitle_id: string;
}
export type SupporterTable = NamedRecord;

export interface DetailProgramTable {
  id: Generated<string>;
  component_code: string;
  component_name: string;
  specification: string;
  unit: string;
  price: BigIntColumn;
  first_volume: DecimalColumn;
  second_volume: DecimalColumn;
  third_volume: DecimalColumn;
  total_price: BigIntColumn;
  tax: BigIntColumn;
  total_after_tax: BigIntColumn;
  year: number;
  program_id: string;
  action_id: string;
  sub_action_id: string;
  activity_id: string;
  subtitle_id: string;
  account_id: string;
  supporter_id: string;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface ArticleTable {
  id: Generated<string>;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  cover_image: string | null;
  tags: ColumnType<string[], string[], string[]>;
  status: 'published' | 'draft' | 'archived';
  category: string;
  author_id: string | null;
  author_name: string;
  views_count: ColumnType<string | number | bigint, never, never>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UploadTable {
  id: Generated<string>;
  content_type: string;
  byte_size: number;
  bytes: Uint8Array;
  uploaded_by: string | null;
  created_at: CreatedAt;
}

export interface Database {
  app_setting: AppSettingTable;
  app_user: AppUserTable;
  program: ProgramTable;
  action: ActionTable;
  sub_action: SubActionTable;
  activity: ActivityTable;
  subtitle: SubtitleTable;
  account: AccountTable;
  supporter: SupporterTable;
  detail_program: DetailProgramTable;
  article: ArticleTable;
  upload: UploadTable;
}
