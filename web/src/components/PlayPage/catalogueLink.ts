/** Where a catalogue node opens: a subject is a home tab, anything below it the catalogue listing (which files a sub-category under its category). */
export function catalogueLink(node: { readonly catalogueId: number; readonly level: number }): string {
  return node.level <= 1 ? `/home?scId=${node.catalogueId}` : `/catalog?scId=${node.catalogueId}`;
}

export function authorLink(authorId: number): string {
  return `/authorDes?id=${authorId}`;
}
