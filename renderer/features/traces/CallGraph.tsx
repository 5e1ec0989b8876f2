// The call graph of one trace: a box per caller and agent, an arrow per caller-callee pair with its count of calls
// and failures. Drawn as SVG with every name as a text node (names come from user agents and cards: text, never
// markup), and listed again in words below for screen readers and for reading exact names.

import type { TraceEdge, TraceNode } from '../../../shared/timeline/traces';
import { BOX, layoutGraph, type PlacedNode } from './graphLayout';

const PAD = 8;
const shorten = (label: string): string => (label.length > 28 ? `${label.slice(0, 27)}…` : label);

function callWords(edge: TraceEdge): string {
  const calls = edge.calls === 1 ? '1 call' : `${edge.calls} calls`;
  return edge.errors > 0 ? `${calls}, ${edge.errors} failed` : calls;
}

export function CallGraph({ nodes, edges }: { nodes: readonly TraceNode[]; edges: readonly TraceEdge[] }) {
  const { placed, width, height } = layoutGraph(nodes, edges);
  const byId = new Map(placed.map((node) => [node.id, node]));
  const label = (id: string): string => byId.get(id)?.label ?? id;
  return (
    <div className="call-graph" data-testid="call-graph">
      <svg
        width={width + 2 * PAD}
        height={height + 2 * PAD}
        role="img"
        aria-label={`Call graph: ${nodes.length} participants, ${edges.length} caller-callee pairs`}
      >
        <defs>
          <marker
            id="trace-arrow"
            viewBox="0 0 10 10"
            refX="10"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto"
          >
            <path d="M0,0 L10,5 L0,10 z" className="graph-arrowhead" />
          </marker>
        </defs>
        <g transform={`translate(${PAD},${PAD})`}>
          {edges.map((edge) => (
            <GraphEdge
              key={`${edge.from}→${edge.to}`}
              edge={edge}
              from={byId.get(edge.from)}
              to={byId.get(edge.to)}
            />
          ))}
          {placed.map((node) => (
            <g key={node.id} className={`graph-node kind-${node.kind}`} data-testid="graph-node">
              <rect x={node.x} y={node.y} width={BOX.width} height={BOX.height} rx={4} />
              <text x={node.x + 8} y={node.y + BOX.height / 2 + 4}>
                <title>{node.label}</title>
                {shorten(node.label)}
              </text>
            </g>
          ))}
        </g>
      </svg>
      <ul className="graph-edges">
        {edges.map((edge) => (
          <li key={`${edge.from}→${edge.to}`} data-testid="graph-edge" data-calls={edge.calls}>
            {label(edge.from)} → {label(edge.to)}: {callWords(edge)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function GraphEdge({ edge, from, to }: { edge: TraceEdge; from?: PlacedNode; to?: PlacedNode }) {
  if (!from || !to) return null;
  const x1 = from.x + BOX.width;
  const y1 = from.y + BOX.height / 2;
  const forward = to.x > from.x;
  const x2 = forward ? to.x : to.x + BOX.width / 2;
  const y2 = forward ? to.y + BOX.height / 2 : to.y + BOX.height;
  // A call back to an earlier column bends below the boxes instead of crossing them.
  const path = forward
    ? `M${x1},${y1} L${x2},${y2}`
    : `M${x1},${y1} C${x1 + 40},${y1 + 60} ${x2},${y2 + 60} ${x2},${y2}`;
  return (
    <g className={`graph-edge${edge.errors > 0 ? ' failed' : ''}`}>
      <path d={path} markerEnd="url(#trace-arrow)" fill="none" />
      <text x={(x1 + x2) / 2} y={(y1 + y2) / 2 - 4} textAnchor="middle">
        {callWords(edge)}
      </text>
    </g>
  );
}
