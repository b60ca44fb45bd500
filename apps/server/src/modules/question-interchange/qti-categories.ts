import { posix } from 'node:path';
import { CATEGORY_SEPARATOR } from '@examiq/contracts';
import { categoryPath, decodeText } from './interchange';
import { attribute, listOf, readXml, type XmlNode } from './xml';

/**
 * The category of each item file a package's tests place in a section: the titles of its
 * sections, outer to inner, as a bank's path.
 */
function sectionCategories(files: Record<string, Uint8Array>, tests: XmlNode[]) {
  const categories = new Map<string, string>();
  for (const test of tests) {
    const href = attribute(test, 'href') ?? '';
    const file = files[href];
    if (!file) continue;
    const tree = readXml(decodeText(file), 'qti')['qti-assessment-test'] as XmlNode | undefined;
    const visit = (section: XmlNode, outer: string[]) => {
      const titles = [...outer, attribute(section, 'title') ?? ''];
      for (const ref of listOf(section['qti-assessment-item-ref'])) {
        const item = posix.join(posix.dirname(href), attribute(ref, 'href') ?? '');
        categories.set(item, categoryPath(titles.join(CATEGORY_SEPARATOR)));
      }
      for (const inner of listOf(section['qti-assessment-section'])) visit(inner, titles);
    };
    for (const part of listOf(tree?.['qti-test-part'])) {
      for (const section of listOf(part['qti-assessment-section'])) visit(section, []);
    }
  }
  return categories;
}

/**
 * The category of an item no test places: its folder within the package, less the folder every
 * item shares (`items/`).
 */
function folderCategory(href: string, sharedFolder: string): string {
  const folder = posix.dirname(href);
  const own = folder.startsWith(sharedFolder) ? folder.slice(sharedFolder.length) : folder;
  return categoryPath(own === '.' ? '' : own);
}

/** The folder every item of the package is in, with its trailing slash ('' for none). */
function sharedFolderOf(hrefs: string[]): string {
  const folders = hrefs.map((href) => `${posix.dirname(href)}/`.split('/').slice(0, -1));
  const shared: string[] = [];
  for (const [index, level] of (folders[0] ?? []).entries()) {
    if (folders.some((levels) => levels[index] !== level)) break;
    shared.push(level);
  }
  return shared.length === 0 || shared[0] === '.' ? '' : `${shared.join('/')}/`;
}

/**
 * Where a package files each item, by the item file's path: under its test section's title,
 * or, where no test places it, under its folder.
 */
export function itemCategories(
  files: Record<string, Uint8Array>,
  resources: XmlNode[],
): (href: string) => string {
  const ofType = (type: string) =>
    resources.filter((resource) => attribute(resource, 'type')?.startsWith(type) === true);
  const sections = sectionCategories(files, ofType('imsqti_test'));
  const sharedFolder = sharedFolderOf(
    ofType('imsqti_item').map((resource) => attribute(resource, 'href') ?? ''),
  );
  return (href) => sections.get(href) ?? folderCategory(href, sharedFolder);
}
