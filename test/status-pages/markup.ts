import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { SaxesParser } from 'saxes';

/** Parsers for what the status pages answer: HTML by the WHATWG algorithm (parse5), XML strictly (saxes). */

type HtmlNode = DefaultTreeAdapterMap['node'];
export type HtmlElement = DefaultTreeAdapterMap['element'];

export interface ParsedHtml {
  document: DefaultTreeAdapterMap['document'];
  errors: string[];
}

export function parseHtml(html: string): ParsedHtml {
  const errors: string[] = [];
  const document = parse(html, { onParseError: (error) => errors.push(`${error.code} at ${error.startLine}:${error.startCol}`) });
  return { document, errors };
}

function childrenOf(node: HtmlNode): HtmlNode[] {
  return 'childNodes' in node ? node.childNodes : [];
}

export function htmlElements(root: HtmlNode, test: (element: HtmlElement) => boolean = () => true): HtmlElement[] {
  const found: HtmlElement[] = [];
  const visit = (node: HtmlNode): void => {
    if ('tagName' in node && test(node)) found.push(node);
    for (const child of childrenOf(node)) visit(child);
    if ('content' in node && node.content) visit(node.content as HtmlNode);
  };
  visit(root);
  return found;
}

export function htmlText(node: HtmlNode): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  return childrenOf(node).map(htmlText).join('');
}

export const attribute = (element: HtmlElement, name: string): string | undefined => element.attrs.find((attr) => attr.name === name)?.value;

export const byId = (root: HtmlNode, id: string): HtmlElement | undefined => htmlElements(root, (element) => attribute(element, 'id') === id)[0];

export const byClass = (root: HtmlNode, name: string): HtmlElement[] =>
  htmlElements(root, (element) => (attribute(element, 'class') ?? '').split(/\s+/).includes(name));

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** A strict XML parse: throws on anything not well-formed. `text` is an element's direct character data. */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false });
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: tag.attributes as Record<string, string>, children: [], text: '' };
    stack.at(-1)!.children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('text', (text) => {
    stack.at(-1)!.text += text;
  });
  parser.write(xml).close();
  if (failure) throw failure;
  return root.children[0]!;
}

export function xmlElements(root: XmlElement, name: string): XmlElement[] {
  return [...(root.name === name ? [root] : []), ...root.children.flatMap((child) => xmlElements(child, name))];
}
