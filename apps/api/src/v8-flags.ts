import v8 from 'node:v8';

/**
 * V8's allocation-site pretenuring off, before the server allocates anything under load
 * (docs/decisions/181). In about one API process in five, V8 decided under load that the objects
 * of some allocation site in the request path live long, and allocated them straight in the old
 * generation: that filled with garbage, major collections ran back to back, every scavenge took
 * 5 ms instead of 0.3, and the process spent about twice the CPU on every request for as long as
 * it ran. Nothing a request allocates outlives its answer for long, so pretenuring never helps
 * here. Imported first by server.ts so that it runs before the app is built.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
