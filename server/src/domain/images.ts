// STUB: replaced by the real image store.
export class ImageStore {
  constructor(readonly dir: string, readonly urlPath: string) {}
}
