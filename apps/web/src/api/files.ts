/** A stored file as records list it (`relatedFiles`, ticket files): its id in the file store and its name. */
export interface StoredFile {
  id: string;
  name: string;
}
