// Saves a file the page holds on the person's computer (a promotion's codes or the activity trail as CSV, a
// shopper's own data as JSON, the catalogue fetched as CSV): a Blob behind a link with a download name, clicked
// once. The address is let go a little later (a browser may still be reading it when click() returns).
export function downloadFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Text the page already holds, saved as a UTF-8 file of `type`. */
export function downloadTextFile(text: string, fileName: string, type = "text/csv"): void {
  downloadFile(new Blob([text], { type: `${type};charset=utf-8` }), fileName);
}
