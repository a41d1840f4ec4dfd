// Saves text the page already holds as a file on the person's computer (a promotion's codes or the activity
// trail as CSV, a shopper's own data as JSON): a Blob behind a link with a download name, clicked once. The
// address is let go a little later (a browser may still be reading it when click() returns).
export function downloadTextFile(text: string, fileName: string, type = "text/csv"): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
