fn main() {
    let mut p = tree_sitter::Parser::new();
    p.set_language(&tree_sitter_bash::LANGUAGE.into()).unwrap();
    for arg in std::env::args().skip(1) {
        let arg = arg.replace("\\n", "\n").replace("\\t", "\t");
        let t = p.parse(&arg, None).unwrap();
        println!("{:?}\n  {}", arg, t.root_node().to_sexp());
    }
}
