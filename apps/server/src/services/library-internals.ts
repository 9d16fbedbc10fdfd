/**
 * A field a library keeps on its objects but leaves out of its types (exceljs's sheet stream,
 * pdfkit's current font), read as `unknown`: the caller checks what it is before using it, so a
 * library version that keeps it elsewhere is found where it is read, not trusted by a cast.
 */
export function fieldOf(value: unknown, key: string | number): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}
