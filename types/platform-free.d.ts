// The platform APIs that shared/ may use (TextDecoder, TextEncoder, URL), declared for its own type-check (tsconfig.shared.json has neither
// DOM nor Node types). Both exist with these shapes in Node 20 and in every browser the renderer runs in.

interface TextDecodeOptions {
  stream?: boolean;
}

interface TextDecoder {
  readonly encoding: string;
  readonly fatal: boolean;
  decode(input?: Uint8Array, options?: TextDecodeOptions): string;
}

declare var TextDecoder: {
  prototype: TextDecoder;
  new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }): TextDecoder;
};

interface TextEncoder {
  encode(input?: string): Uint8Array;
}

declare var TextEncoder: {
  prototype: TextEncoder;
  new (): TextEncoder;
};

interface URL {
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly host: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly username: string;
  readonly password: string;
}

declare var URL: {
  prototype: URL;
  new (url: string, base?: string): URL;
};
