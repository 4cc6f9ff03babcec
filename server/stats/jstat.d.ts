// The part of jstat (a dependency-free CommonJS package without its own types) the statistics use.
declare module 'jstat' {
  const jstat: {
    jStat: {
      studentt: { inv(p: number, dof: number): number };
      normal: { inv(p: number, mean: number, sd: number): number };
    };
  };
  export default jstat;
}
