// Minimal types for @sabaki/sgf 3 (CommonJS, ships no types).
// Import it as a default export: `import sgf from '@sabaki/sgf'`. Node sees
// no named exports in this package (it fills `exports` by Object.assign), so
// `import * as sgf` yields only `default` at run time; the types say the same.

declare module '@sabaki/sgf' {
  namespace sgf {
    /** One game-tree node; `data` maps SGF property names to their values. */
    interface NodeObject {
      id: unknown;
      data: Record<string, string[]>;
      parentId: unknown;
      children: NodeObject[];
    }
    type Node = NodeObject;

    interface ParseOptions {
      getId?: () => unknown;
      dictionary?: Record<string, NodeObject>;
      onProgress?: (event: { progress: number }) => void;
      onNodeCreated?: (event: { node: NodeObject }) => void;
    }

    interface BufferParseOptions extends ParseOptions {
      encoding?: string;
    }

    interface StringifyOptions {
      linebreak?: string;
      indent?: string;
      /** depth of indentation of the first node */
      level?: number;
    }

    /** [x, y] with x from the left and y from the top; [-1, -1] when invalid. */
    type Vertex = [number, number];

    /** Parses SGF text into its root nodes, one per game tree. */
    function parse(contents: string, options?: ParseOptions): NodeObject[];
    function parseBuffer(buffer: Uint8Array, options?: BufferParseOptions): NodeObject[];
    function parseFile(filename: string, options?: BufferParseOptions): NodeObject[];
    /** Writes root nodes (or one node and its subtree) as SGF text. */
    function stringify(nodes: NodeObject[] | NodeObject, options?: StringifyOptions): string;

    function escapeString(input: string): string;
    function unescapeString(input: string): string;
    function parseVertex(input: string): Vertex;
    function stringifyVertex(vertex: Vertex): string;
    function parseCompressedVertices(input: string): Vertex[];
    function parseDates(input: string): number[][] | null;
    function stringifyDates(dates: number[][]): string;
  }

  export default sgf;
}
