// Loaded into the electronegativity process (node --import): the tool writes its CSV header and its rows with two
// fs.writeFile calls it does not order, so under load the header can land after the rows and overwrite the start of
// the first one. Making fs.writeFile write at once (still calling back asynchronously) puts them in call order.
import fs from 'node:fs';

fs.writeFile = function writeFileInOrder(file, data, options, callback) {
  const done = typeof options === 'function' ? options : callback;
  const settings = typeof options === 'function' ? undefined : options;
  let failure = null;
  try {
    fs.writeFileSync(file, data, settings);
  } catch (error) {
    failure = error;
  }
  if (typeof done === 'function') process.nextTick(done, failure);
};
