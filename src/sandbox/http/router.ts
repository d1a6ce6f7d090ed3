/** What the router needs of a route. */
export interface RoutePattern {
  /** HTTP method. */
  method: string;
  /** Path with `{name}` parameters, e.g. `/api/v1/messages/{messageId}/status` (the form of schemas/endpoints.ts). */
  path: string;
}

/** A matched route and its decoded path parameters. */
export interface RouteMatch<R> {
  route: R;
  params: Record<string, string>;
}

/** No route for the method, but some for the path: a 405 with these methods in `Allow`. */
export interface MethodMismatch {
  allow: string[];
}

interface Compiled<R> {
  route: R;
  regex: RegExp;
  names: string[];
}

function compile<R extends RoutePattern>(route: R): Compiled<R> {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const name = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (name === undefined) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('/');
  return { route, regex: new RegExp(`^${source}$`), names };
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A tiny method + path router: no framework, as the issue asks. */
export class Router<R extends RoutePattern> {
  readonly #routes: Compiled<R>[];

  /** @param routes - The routes, matched in order. */
  constructor(routes: readonly R[]) {
    this.#routes = routes.map(compile);
  }

  /** The route for this request, a 405's allowed methods, or undefined (404). */
  match(method: string, pathname: string): RouteMatch<R> | MethodMismatch | undefined {
    const allow = new Set<string>();
    for (const { route, regex, names } of this.#routes) {
      const m = regex.exec(pathname);
      if (!m) continue;
      if (route.method !== method) {
        allow.add(route.method);
        continue;
      }
      const params = Object.fromEntries(names.map((name, i) => [name, decode(m[i + 1] ?? '')]));
      return { route, params };
    }
    return allow.size > 0 ? { allow: [...allow] } : undefined;
  }
}
