"""The notebook helper (python/attention_explainer): state documents from lists, NumPy arrays and
torch tensors, clear messages for bad input, links that carry the state, a served dist/ folder,
and show() in a real notebook run by nbclient. Run by Debian's python3 (ctest: python_helper);
exit code 77 (skipped) without nbclient/ipykernel, numpy or torch.
"""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
sys.path.insert(0, HERE)

import attention_explainer as ae  # noqa: E402
import notebook_output  # noqa: E402

try:
    import numpy
    import torch
    import pip  # noqa: F401  (the install check)
except ImportError as missing:
    print(f"SKIPPED: {missing.name} is missing: install python3-torch and python3-pip (scripts/install_deps.sh --tests)")
    sys.exit(77)
notebook_output.skip_unless_jupyter()


def state_of(link):
    encoded = link.split("#state=")[1]
    return json.loads(base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)))


class StateDocuments(unittest.TestCase):
    def test_lists_numpy_and_torch_give_the_same_document(self):
        rows = [[1, 0], [2, 2], [0, 1]]
        from_list = ae.state_document(rows, query=1)
        self.assertEqual(from_list, {"version": 1, "tokens": ["token 0", "token 1", "token 2"],
                                     "inputs": [[1.0, 0.0], [2.0, 2.0], [0.0, 1.0]], "query": 1,
                                     "norm": "softmax", "scale": True, "causal": False})
        self.assertEqual(ae.state_document(numpy.array(rows, dtype=numpy.float32), query=1), from_list)
        tensor = torch.tensor(rows, dtype=torch.float32, requires_grad=True)
        self.assertEqual(ae.state_document(tensor, query=1), from_list)

    def test_a_numpy_or_torch_integer_is_a_query(self):
        rows = torch.tensor([[1.0, 0.0], [2.0, 2.0], [0.0, 1.0]])
        query = (rows @ rows[1]).argmax()  # a 0-d tensor, as a notebook would compute it
        self.assertEqual(ae.state_document(rows, query=query)["query"], 1)
        self.assertEqual(ae.state_document(rows, query=numpy.int64(2))["query"], 2)

    def test_options(self):
        doc = ae.state_document([[1, 2]], labels=["only"], norm="sum", causal=True,
                                projection={"seed": 789, "d_out": 2}, step=3, panels=["inputs", "weights"])
        self.assertEqual(doc["projection"], {"enabled": True, "seed": 789, "d_out": 2})
        self.assertEqual((doc["norm"], doc["causal"], doc["step"], doc["panels"]), ("sum", True, 3, ["inputs", "weights"]))

    def test_bad_input_is_named(self):
        cases = [
            (lambda: ae.state_document([1.0, 2.0]), "1-D"),
            (lambda: ae.state_document(torch.zeros(2, 6, 3)), "3-D"),
            (lambda: ae.state_document([[1, 2], [3]]), "inputs[1] has 1 numbers"),
            (lambda: ae.state_document([[1, float("nan")]]), "inputs[0][1] is nan"),
            (lambda: ae.state_document([[1, 2]], query=1), "from 0 to 0"),
            (lambda: ae.state_document([[1, 2]], query=1.0), "from 0 to 0"),
            (lambda: ae.state_document([[1, 10**400]]), "every value must be a finite number"),
            (lambda: ae.state_document([[1, 2]], labels=["a", "b"]), "2 labels for 1 tokens"),
            (lambda: ae.state_document([[1, 2]], norm="max"), "use one of sum"),
            (lambda: ae.state_document([[1, 2]], panels=["bars"]), "unknown panel 'bars'"),
            (lambda: ae.state_document([]), "non-empty 2-D"),
            (lambda: ae.Demo([[1, 2]]), "give url="),
        ]
        os.environ.pop("ATTENTION_EXPLAINER_URL", None)
        for make, words in cases:
            with self.assertRaises(ValueError) as caught:
                make()
            self.assertIn(words, str(caught.exception))

    def test_the_link_carries_the_document(self):
        doc = ae.state_document([[0.5, -1.25]], labels=["héllo"])
        link = ae.demo_link("https://example.org/attention/", doc)
        self.assertTrue(link.startswith("https://example.org/attention/index.html?embed=1#state="))
        self.assertNotIn("=", link.split("#state=")[1])  # no padding: the demo refuses it
        self.assertEqual(state_of(link), doc)

    def test_the_link_carries_the_language(self):
        doc = ae.state_document([[0.5, -1.25]])
        link = ae.Demo([[0.5, -1.25]], url="https://example.org/attention/", lang="zh-CN").url
        self.assertTrue(link.startswith("https://example.org/attention/index.html?embed=1&lang=zh-CN#state="))
        self.assertEqual(state_of(link), doc)
        self.assertNotIn("lang=", ae.demo_link("https://example.org/attention/", doc, lang="en"))
        with self.assertRaisesRegex(ValueError, "lang='fr' is not a language the demo has"):
            ae.Demo([[1, 2]], url="https://example.org/attention/", lang="fr")

    def test_a_dist_folder_is_served_with_the_right_types(self):
        with tempfile.TemporaryDirectory() as folder:
            for name, body in (("index.html", b"<!doctype html>"), ("attention-explainer.wasm", b"\0asm")):
                with open(os.path.join(folder, name), "wb") as f:
                    f.write(body)
            demo = ae.Demo([[1, 2]], dist=folder)
            base = demo.url.split("index.html")[0]
            with urllib.request.urlopen(base + "attention-explainer.wasm") as reply:
                self.assertEqual(reply.headers["Content-Type"], "application/wasm")
            with self.assertRaises(ValueError):
                ae.Demo([[1, 2]], dist=os.path.join(folder, "nothing"))


class Install(unittest.TestCase):
    def test_pip_installs_the_folder(self):
        # pip without build isolation: setuptools comes from Debian (python3-pip brings it), as
        # PyPI is not reachable here. With PyPI, a plain `pip install ./python` does the same.
        with tempfile.TemporaryDirectory() as work:
            # A copy: setuptools writes build/ and *.egg-info beside the sources it builds.
            package = shutil.copytree(os.path.join(HERE, "..", "..", "python"), os.path.join(work, "python"))
            target = os.path.join(work, "site")
            run = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-build-isolation",
                                  "--no-deps", "--target", target, package], capture_output=True, text=True)
            self.assertEqual(run.returncode, 0, run.stderr)
            check = subprocess.run([sys.executable, "-c", "import attention_explainer as a; print(a.__file__)"],
                                   capture_output=True, text=True, env={**os.environ, "PYTHONPATH": target}, cwd=target)
            self.assertEqual(check.returncode, 0, check.stderr)
            self.assertTrue(check.stdout.strip().startswith(target), check.stdout)


class Notebook(unittest.TestCase):
    def test_show_displays_the_demo_with_the_book_inputs(self):
        html = notebook_output.notebook_html("https://example.org/attention/")
        self.assertIn("<iframe", html)
        src = html.split('src="')[1].split('"')[0].replace("&amp;", "&")
        self.assertTrue(src.startswith("https://example.org/attention/index.html?embed=1#state="))
        doc = state_of(src)
        self.assertEqual(doc["tokens"], notebook_output.BOOK_LABELS)
        self.assertEqual(doc["query"], 1)
        for got, want in zip(doc["inputs"], notebook_output.BOOK_INPUTS):
            for g, w in zip(got, want):
                self.assertAlmostEqual(g, w, places=6)  # float32 from the tensor


if __name__ == "__main__":
    unittest.main(verbosity=2)
